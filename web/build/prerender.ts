// Build step: the server rendering of web/src/app/prerender.tsx. A server build
// of that entry goes to dist/server/ with page.html, the built index.html whose
// one script is web/src/hydrate.ts (a chunk of the browser's build) in
// place of the entry and its preloads, so the app loads once the page is
// painted. The API renders /app with them per request (api/http/server_render.ts);
// the public pages are rendered here, signed out, into dist/prerendered/.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type Plugin } from "vite";
import { SIGNED_OUT } from "../src/app/session_data.ts";

type Entry = typeof import("../src/app/prerender.tsx");

const ENTRY = "src/app/prerender.tsx";
const HYDRATE_ENTRY = "src/hydrate.ts";
/** Folders of dist/ that the API reads and does not serve (api/http/static.ts). */
export const SERVER_DIR = "server";
export const PRERENDERED_DIR = "prerendered";

export function prerender(): Plugin {
  let root = "";
  let outDir = "";
  let hydrateScript = "";
  return {
    name: "threshold:prerender",
    apply: (config) => !config.build?.ssr && config.mode !== "test",
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    buildStart() {
      this.emitFile({ type: "chunk", id: resolve(root, HYDRATE_ENTRY), name: "hydrate" });
    },
    generateBundle(_, bundle) {
      const chunk = Object.values(bundle).find((c) => c.type === "chunk" && c.facadeModuleId === resolve(root, HYDRATE_ENTRY));
      if (!chunk) throw new Error(`${HYDRATE_ENTRY} is not in the build`);
      hydrateScript = `/${chunk.fileName}`;
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        const serverDir = join(outDir, SERVER_DIR);
        await build({
          configFile: false,
          root,
          publicDir: false,
          logLevel: "warn",
          plugins: [react()],
          // Everything bundled: Joy's folders are not importable as Node ESM, and Deno runs it too.
          ssr: { noExternal: true },
          // Production React and emotion (its class names as the browser's), whatever
          // NODE_ENV the process that runs it has (Deno has none).
          define: { "process.env.NODE_ENV": JSON.stringify("production") },
          build: { ssr: ENTRY, outDir: serverDir, emptyOutDir: true },
        });
        const template = (await readFile(join(outDir, "index.html"), "utf8"))
          .replace(/\s*<link rel="modulepreload"[^>]*>/g, "")
          .replace(/(<script type="module" crossorigin src=")[^"]+(")/, `$1${hydrateScript}$2`);
        if (!template.includes(hydrateScript)) throw new Error("index.html has no module script to replace");
        await writeFile(join(serverDir, "page.html"), template);

        const entry: Entry = await import(pathToFileURL(join(serverDir, "prerender.js")).href);
        await mkdir(join(outDir, PRERENDERED_DIR), { recursive: true });
        for (const path of entry.PRERENDERED_PATHS) {
          const html = entry.page(template, await entry.render(path, SIGNED_OUT), SIGNED_OUT);
          if (!html.includes('<div id="root"><')) throw new Error("index.html has no empty #root to render into");
          await writeFile(join(outDir, PRERENDERED_DIR, `${path === "/" ? "index" : path.slice(1)}.html`), html);
        }
      },
    },
  };
}
