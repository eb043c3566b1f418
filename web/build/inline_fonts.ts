// Build step: the app's only stylesheet is Inter's @font-face rules (Joy styles
// through emotion, in JS). Linked, it would block the first paint for a round
// trip on a phone; inlined into index.html (a few KB) it costs nothing, and the
// Inter files of the weights the first screens use are preloaded so text swaps to
// Inter early (the rules say font-display: swap: text paints at once either way).
import type { Plugin } from "vite";

/** Joy's weights on /login: body 400, labels 500, buttons 600, the heading 700 (latin only: it covers the screens' texts). */
const PRELOADED = /^assets\/inter-latin-(400|500|600|700)-normal-[\w-]+\.woff2$/;

export function inlineFonts(): Plugin {
  return {
    name: "threshold:inline-fonts",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        if (!bundle) return html;
        const links = [...html.matchAll(/\s*<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g)];
        if (links.length !== 1) throw new Error(`expected one stylesheet in index.html, found ${links.length}`);
        const [tag, fileName] = links[0];
        const css = bundle[fileName];
        if (css?.type !== "asset") throw new Error(`${fileName} is not in the build`);
        // Inlined, the file is not needed (nor precached).
        delete bundle[fileName];
        const preloads = Object.keys(bundle)
          .filter((name) => PRELOADED.test(name))
          .sort()
          .map((name) => `\n    <link rel="preload" href="/${name}" as="font" type="font/woff2" crossorigin>`)
          .join("");
        return html.replace(tag, `${preloads}\n    <style>${String(css.source).trim()}</style>`);
      },
    },
  };
}
