// ESLint for everything that runs on Node or in the browser: the web app (web/),
// its service worker (sw/), the end-to-end tests (e2e/) and the build scripts.
// The API (api/) and the benchmarks (bench/) run on Deno and are linted by
// `deno lint` (deno.json); `npm run check` runs both.
//
// Besides typescript-eslint's recommended rules and the rules of hooks, it holds
// the web app's feature boundaries (DESIGN.md, "Style"): shared pieces live in
// web/src/{api,offline,ui}, which never import a feature; a feature imports its
// own files and the shared ones, and another feature only through that
// feature's public.ts, the small file naming what other screens embed. Of the
// server's code the web reads only its contract files (api/*/contract.ts), for the
// types of what the API answers, so a changed answer breaks the web's type check,
// and runs the schedule rules: their evaluation and their checks
// (api/schedules/schedule_time.ts, api/schedules/schemas.ts), the lockdown
// messages (api/lockdowns/messages.ts), the webhook body's checks (api/webhooks/schemas.ts),
// the event types the webhooks and the live stream carry (api/events/contract.ts),
// the alarms' words (api/alarms/words.ts), when a visitor's pass works
// (api/visits/visit_rules.ts) and the SCIM token name's check (api/scim/token_schemas.ts).
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const shared = ["api", "offline", "ui"];

export default tseslint.config(
  { ignores: ["api/", "bench/", "dist/", "data/", "node_modules/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Names that start with _ are left out on purpose (a field taken out of a spread).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Playwright reads which fixtures a fixture needs from its first parameter, so `{}` is how "none" is said.
    files: ["e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}", "sw/**/*.ts"],
    plugins: { boundaries },
    settings: {
      "import/resolver": { node: { extensions: [".ts", ".tsx", ".js"] } },
      // Lazy routes are imports too.
      "boundaries/dependency-nodes": ["import", "export", "dynamic-import"],
      "boundaries/elements": [
        { type: "app", pattern: "web/src/app" },
        { type: "api", pattern: "web/src/api" },
        { type: "offline", pattern: "web/src/offline" },
        { type: "ui", pattern: "web/src/ui" },
        { type: "feature", pattern: "web/src/features/*", capture: ["feature"] },
        { type: "sw", pattern: "sw" },
        // The server (api/ at the root), which nothing here may import but its contract files.
        { type: "server", pattern: "api", partialMatch: false },
      ],
      // The entry point is a file of its own, not a folder.
      "boundaries/files": [
        { category: "main", pattern: ["web/src/main.tsx", "web/src/hydrate.ts"] },
        // The server's answer types: the one contract both sides compile against (types
        // only; the web never runs server code).
        { category: "contract", pattern: ["api/*/contract.ts", "api/http/contract_json.ts"] },
        // The schedule rules (spec 3 §1, DESIGN.md "Time"): the one evaluation (pure, no
        // imports) and the checks of a week and a holiday (zod and that file only).
        { category: "shared-rule", pattern: ["api/schedules/schedule_time.ts", "api/schedules/schemas.ts", "api/lockdowns/messages.ts", "api/webhooks/schemas.ts", "api/events/contract.ts", "api/alarms/words.ts", "api/visits/visit_rules.ts", "api/scim/token_schemas.ts"] },
      ],
    },
    rules: {
      "boundaries/dependencies": ["error", {
        default: "disallow",
        message: "{{ from.file.path }} may not import {{ to.file.path }}: " +
          "shared code (web/src/api, offline, ui) never imports a feature, and a feature reaches " +
          "another only through its public.ts; of the server (api/) only the types in its contract files " +
          "the schedule rules (api/schedules/schedule_time.ts, schemas.ts), the lockdown messages (api/lockdowns/messages.ts), the webhook body's checks (api/webhooks/schemas.ts), the event types (api/events/contract.ts), the alarms' words (api/alarms/words.ts), the visits' window (api/visits/visit_rules.ts) and the SCIM token's name check (api/scim/token_schemas.ts)",
        policies: [
          // Outside packages are not this rule's business.
          { allow: { to: { module: { origin: ["external", "core"] } } } },
          // The shared pieces use each other, never a feature.
          {
            from: { element: { types: shared } },
            allow: { to: { element: { types: shared } } },
          },
          // Shared code and features read the server's answer types from its contract.
          {
            from: { element: { types: ["feature", ...shared] } },
            allow: { to: { file: { categories: "contract" } }, dependency: { kind: "type" } },
          },
          // The server files the web runs: whether a schedule is open and when that
          // changes, and the checks of a week and a holiday. The same code decides on the
          // server, in the door controllers and on the screens, so "Open now" can never
          // disagree with the doors, offline too, and a screen refuses what the server would.
          {
            from: { element: { types: ["feature", ...shared] } },
            allow: { to: { file: { categories: "shared-rule" } } },
          },
          // The entry point mounts the app, the shared providers and the banner; the
          // entry of the pages rendered on the server runs it once they are painted.
          {
            from: { file: { categories: "main" } },
            allow: { to: { element: { types: ["app", ...shared] } } },
          },
          {
            from: { file: { categories: "main" } },
            allow: { to: { file: { categories: "main" } } },
          },
          // The routes load each feature's pages lazily.
          {
            from: { element: { type: "app" } },
            allow: { to: { element: { types: ["app", "feature", ...shared] } } },
          },
          // A feature: its own files, the shared pieces, and another feature's public.ts.
          {
            from: { element: { type: "feature" } },
            allow: { to: { element: { types: shared } } },
          },
          {
            from: { element: { type: "feature" } },
            allow: {
              to: { element: { type: "feature", captured: { feature: "{{ from.element.captured.feature }}" } } },
            },
          },
          {
            from: { element: { type: "feature" } },
            allow: { to: { element: { type: "feature", fileInternalPath: "public.ts" } } },
          },
          { from: { element: { type: "sw" } }, allow: { to: { element: { type: "sw" } } } },
        ],
      }],
    },
  },
);
