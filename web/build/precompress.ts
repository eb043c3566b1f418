// Build step: a brotli copy (<file>.br, best quality) of every text file the
// browser gets, made once here instead of per request; the API sends it to
// browsers that accept br (api/http/static.ts). Runs last, after the service
// worker and the prerendered pages are written. The server build is not sent.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { extname, join, relative, resolve, sep } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import type { Plugin } from "vite";
import { SERVER_DIR } from "./prerender.ts";

const TEXT = new Set([".js", ".mjs", ".css", ".html", ".svg", ".webmanifest", ".json", ".txt"]);

export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "threshold:precompress",
    apply: (config) => !config.build?.ssr && config.mode !== "test",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
          if (!entry.isFile() || !TEXT.has(extname(entry.name))) continue;
          if (relative(outDir, entry.parentPath).split(sep)[0] === SERVER_DIR) continue;
          const file = join(entry.parentPath, entry.name);
          const body = await readFile(file);
          const br = brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
          });
          // Small files too: a first visit fetches dozens of chunks under 1 KB, and
          // brotli's framing and built-in dictionary beat gzip's most on those. Only
          // where it would not shrink the file is there no copy.
          if (br.byteLength < body.byteLength) await writeFile(`${file}.br`, br);
        }
      },
    },
  };
}
