// Debian's Chromium (Playwright's own browser download cannot work here;
// ensure-chromium.mjs installs it) and the flags every launch of it uses: the
// end-to-end tests (playwright.config.ts) and the browser benchmarks (bench/).
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
