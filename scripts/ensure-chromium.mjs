// Playwright drives Debian's Chromium (its own browser download cannot work
// here). Installs it when missing and we are root; otherwise says how.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { CHROMIUM as path } from "./chromium.mjs";
if (!existsSync(path)) {
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package...");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
      stdio: "inherit",
    });
  } else {
    console.error(
      `threshold: Chromium is not at ${path}. Install it with \`sudo apt-get install -y chromium\` ` +
        "(or set CHROMIUM_PATH), then run the tests again.",
    );
    process.exit(1);
  }
}
