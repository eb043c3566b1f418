// npm run door -- --url <server> --key <device key> [--state <file>] [--clock-offset <ms>]
// The reference door controller (controller.ts): reads badges and door inputs
// (`door open`, `door close`, `exit`, `tamper on`, `tamper off`) on standard input,
// one a line (badge_line.ts), and prints one line per event. Its state (the last
// access list, decisions made alone) is kept in --state, by default
// ./data/door-<the key's first 8 characters after its prefix>.json. --clock-offset
// shifts its clock (drills, tests). Ends at the end of its input or on SIGINT/SIGTERM,
// after a last try to hand over what it decided alone.
import { parseArgs } from "node:util";
import { DoorController } from "./controller.ts";
import { parseBadge, parseDoorInput } from "./badge_line.ts";
import { fileStore } from "./state_file.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    url: { type: "string" },
    key: { type: "string" },
    state: { type: "string" },
    "clock-offset": { type: "string", default: "0" },
  },
});
const offset = Number(values["clock-offset"]);
if (!values.url || !values.key || !Number.isFinite(offset)) {
  console.error("usage: npm run door -- --url <server> --key <device key> [--state <file>] [--clock-offset <ms>]");
  Deno.exit(2);
}
const statePath = values.state ?? `./data/door-${values.key.replace(/^thd_/, "").slice(0, 8)}.json`;
await Deno.mkdir(statePath.replace(/[^/]*$/, "") || ".", { recursive: true });

const started = new Date().toISOString();
const controller = new DoorController({
  url: values.url,
  key: values.key,
  store: fileStore(statePath),
  print: (line) => console.log(`${new Date(Date.now() + offset).toISOString()} ${line}`),
  now: () => Date.now() + offset,
});
console.log(`${started} door controller for ${values.url}, state in ${statePath}`);
await controller.start();

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await controller.stop();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);

let buffer = "";
for await (const chunk of Deno.stdin.readable.pipeThrough(new TextDecoderStream())) {
  buffer += chunk;
  for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
    const line = buffer.slice(0, end);
    buffer = buffer.slice(end + 1);
    if (!line.trim()) continue;
    const input = parseDoorInput(line);
    if (input) {
      await controller.doorInput(input);
      continue;
    }
    const badge = parseBadge(line);
    if (typeof badge === "string") console.log(`${new Date(Date.now() + offset).toISOString()} ${badge}`);
    else await controller.badge(badge);
  }
}
await stop();
