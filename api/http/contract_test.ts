// The contract files (api/**/contract.ts) are what the web imports as types, so
// they must type-check as plain TypeScript under the web's compiler settings,
// outside Deno: no Deno API, no postgres, no Hono, only zod and schema files.
import { assert, assertEquals } from "../testing/assert.ts";
import type { Json } from "./contract_json.ts";
import type { Device } from "../devices/contract.ts";

const root = new URL("../../", import.meta.url);

async function contractFiles(dir: URL, found: string[] = []): Promise<string[]> {
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory) await contractFiles(url, found);
    else if (/^contract(_json)?\.ts$/.test(entry.name)) {
      found.push(url.pathname.slice(root.pathname.length));
    }
  }
  return found;
}

Deno.test("contract files type-check as plain TypeScript, with the web's settings", async () => {
  const files = await contractFiles(new URL("api/", root));
  assert(files.length >= 12, files.join(", "));
  // tsconfig.json's compiler options (its Vite types aside).
  const { code, stdout, stderr } = await new Deno.Command("node", {
    args: [
      "node_modules/typescript/bin/tsc",
      "--noEmit",
      "--allowImportingTsExtensions",
      "--moduleResolution",
      "bundler",
      "--module",
      "esnext",
      "--target",
      "es2022",
      "--lib",
      "es2023,dom,dom.iterable",
      "--strict",
      "--skipLibCheck",
      "--isolatedModules",
      "--verbatimModuleSyntax",
      "--noUnusedLocals",
      "--noUnusedParameters",
      ...files,
    ],
    cwd: root,
  }).output();
  const text = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
  assertEquals([code, text], [0, ""]);
});

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true
  : false;

Deno.test("Json<T> is what the web reads: every Date as its ISO text, at any depth", () => {
  const nested: Same<
    Json<{ at: Date; maybe: Date | null; list: { at: Date }[]; n: number; any: unknown }>,
    { at: string; maybe: string | null; list: { at: string }[]; n: number; any: unknown }
  > = true;
  const device: Same<
    Pick<Json<Device>, "hasApiKey" | "apiKeyCreatedAt" | "createdAt">,
    { hasApiKey: boolean; apiKeyCreatedAt: string | null; createdAt: string }
  > = true;
  assert(nested && device);
});
