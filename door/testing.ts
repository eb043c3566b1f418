// The reference controller as the tests of remote unlocks run it: connected to a
// test app served on a loopback port, its state in a file of a temporary folder,
// and the lines it prints kept to be waited for.
import type { TestApp } from "../api/testing/test_app.ts";
import { DoorController } from "./controller.ts";
import { fileStore } from "./state_file.ts";

export async function connectedDoor(testApp: TestApp, key: string) {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, testApp.app.fetch);
  const work = await Deno.makeTempDir({ prefix: "threshold-door-" });
  const lines: string[] = [];
  const door = new DoorController({
    url: `http://127.0.0.1:${server.addr.port}`,
    key,
    store: fileStore(`${work}/state.json`),
    print: (line) => lines.push(line),
  });
  return {
    door,
    lines,
    /** The first line matching `pattern`, waited for up to 5 s; else says what was printed. */
    waitFor: async (pattern: RegExp) => {
      for (let i = 0; i < 250 && !lines.some((l) => pattern.test(l)); i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      return lines.find((l) => pattern.test(l)) ??
        `no line matching ${pattern} in ${JSON.stringify(lines)}`;
    },
    /** Stops the controller and the server, and removes the folder. */
    close: async () => {
      await door.stop();
      await server.shutdown();
      await Deno.remove(work, { recursive: true });
    },
  };
}
