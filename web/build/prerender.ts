// Build step: renders the public pages (web/src/app/prerender.tsx) into
// dist/prerendered/<page>.html, each the built index.html with the page's markup
// in #root and its own title and robots meta. A server build of that entry is
// made into a temporary folder, imported, and thrown away. Their one script is
// app/hydrate_after_paint.ts (a chunk of the browser's build), in place of the
// entry and its preloads: the app loads once the page is painted.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type Plugin } from "vite";
import type { RenderedPage } from "../src/app/prerender";

export const PRERENDERED_DIR = "prerendered";

/** The file a prerendered path is written to (and served from, api/http/static.ts): / is index.html. */
export const prerenderedFile = (path: string) => `${PRERENDERED_DIR}/${path === "/" ? "index" : path.slice(1)}.html`;

type Entry = { render(path: string): Promise<RenderedPage>; PRERENDERED_PATHS: string[] };

const escapeHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll('"', "&quot;");

const HYDRATE_ENTRY = "src/app/hydrate_after_paint.ts";

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
        const serverDir = await mkdtemp(join(tmpdir(), "threshold-prerender-"));
        try {
          await build({
            configFile: false,
            root,
            publicDir: false,
            logLevel: "warn",
            plugins: [react()],
            // Everything bundled: Joy's folders are not importable as Node ESM.
            ssr: { noExternal: true },
            build: { ssr: "src/app/prerender.tsx", outDir: serverDir, emptyOutDir: true },
          });
          const entry: Entry = await import(pathToFileURL(join(serverDir, "prerender.js")).href);
          const shell = (await readFile(join(outDir, "index.html"), "utf8"))
            .replace(/\s*<link rel="modulepreload"[^>]*>/g, "")
            .replace(/(<script type="module" crossorigin src=")[^"]+(")/, `$1${hydrateScript}$2`);
          if (!shell.includes(hydrateScript)) throw new Error("index.html has no module script to replace");
          await mkdir(join(outDir, PRERENDERED_DIR), { recursive: true });
          for (const path of entry.PRERENDERED_PATHS) {
            const page = await entry.render(path);
            const html = shell
              .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>\n    <meta name="robots" content="${page.robots}" />`)
              .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
            if (!html.includes(page.html)) throw new Error("index.html has no empty #root to render into");
            await writeFile(join(outDir, prerenderedFile(path)), html);
          }
        } finally {
          await rm(serverDir, { recursive: true, force: true });
        }
      },
    },
  };
}
