// `npm test`: the checks (type-checks of api/, web/ and e2e/, deno lint and
// ESLint with the web's feature boundaries), API tests (deno test), front-end
// unit tests (Vitest), then the end-to-end tests (Playwright in Debian's
// Chromium). Stops at the first failing suite. The API tests skip deno's own
// type-check (--no-check): the checks did it for api/, door/ and bench/ in 20 s,
// where deno test's check of the same files took two minutes more.
import { spawnSync } from "node:child_process";

const suites = [
  ["check", "npm", ["run", "check"]],
  ["API", "npm", ["run", "test:api"]],
  ["unit", "npm", ["run", "test:unit"]],
  ["end-to-end", "npm", ["run", "test:e2e"]],
];
const only = process.argv.slice(2);
for (const [name, cmd, args] of suites) {
  if (only.length && !only.includes(name)) continue;
  const started = Date.now();
  console.log(`\n=== ${name} tests ===`);
  const { status } = spawnSync(cmd, args, { stdio: "inherit" });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (status !== 0) {
    console.error(`\n${name} tests failed (${seconds} s)`);
    process.exit(status ?? 1);
  }
  console.log(`${name} tests passed (${seconds} s)`);
}
