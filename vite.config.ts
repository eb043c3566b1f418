// One config for the PWA build, the dev server and the front-end unit tests.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { defineConfig } from "vitest/config";
import { inlineFonts } from "./web/build/inline_fonts.ts";
import { precompress } from "./web/build/precompress.ts";
import { prerender } from "./web/build/prerender.ts";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));
const THEME_COLOR = "#0b6bcb";
/** The chunk of the pages that need a connection (spec 4 §4), never precached. */
const ACCOUNTS_BY_EMAIL_CHUNK = "accounts_by_email";

export default defineConfig({
  root: "web",
  build: {
    // Hashed files go to dist/assets/ (Vite's default), which the API caches for a year.
    outDir: "../dist",
    emptyOutDir: true,
    // index.html preloads the entry's chunks; a dynamic import's chunks are fetched
    // as the browser finds them, not preloaded through <link rel="modulepreload">
    // added by script: Chrome compiles a module preloaded that way inside the
    // insertion once it has it, so the hydration of a page rendered on the server
    // (web/src/hydrate.ts) and every lazy route's first load had one long
    // task more. The service worker precaches them all, so only a first visit
    // waits a round trip per level of imports.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === "html" ? deps : []) },
    rolldownOptions: {
      // The app's own modules do nothing on import but define things (the one
      // import for effect is a stylesheet). Declared so, a feature's public.ts
      // re-exporting several pieces costs a screen only the pieces it uses: a
      // member's /app gets the lockdown banner's stub, not the admin's Lockdown
      // button with its dialog and checks.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]web[\\/]src[\\/].*\.tsx?$/.test(id) },
      output: {
        // Libraries every screen needs get stable chunks of their own, so a release
        // that only touches app code keeps them cached; React and its router apart,
        // so that a page rendered on the server can run each in a task of its own
        // (web/src/hydrate.ts). Anything else (Recharts
        // above all) is left to automatic splitting and loads only with the lazy
        // route using it.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 5 },
            { name: "router", test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 4 },
            // React Query and its persistence (every screen); the virtualizer goes with the long lists.
            { name: "query", test: /node_modules[\\/]@tanstack[\\/](query-|react-query)/, priority: 3 },
            // Joy's styling core only: its components, and the headless hooks and
            // popper under them, are split with the screens that use them, so /login
            // does not download every table, tab, menu and select. Emotion (the
            // styling engine, whose cache takes the page's styles in as it loads)
            // apart from Joy's theme (its default, built as the module runs), so that
            // hydration runs the two in tasks of their own.
            {
              name: "joy",
              test:
                /node_modules[\\/](@mui[\\/](system|utils|styled-engine|private-theming|types|joy[\\/](styles|CssBaseline|utils|colorInversion|stack|Box|Typography))|clsx|prop-types)[\\/]/,
              priority: 1,
            },
            // The pages of spec 4 §4 (the reset request and the e-mailed links) and
            // what only they use, in one chunk of a known name, which the service
            // worker does not precache (globIgnores below): they only talk to the
            // server. Offline, their routes show features/auth/ConnectionNeeded.tsx,
            // which is precached (app/routes.tsx). Only these modules: what they
            // share with other screens (the sign-in's pieces, Joy's inputs) stays
            // where those screens find it, precached.
            {
              name: ACCOUNTS_BY_EMAIL_CHUNK,
              test:
                /web[\\/]src[\\/](features[\\/]auth[\\/](ForgotPasswordPage|ResetPasswordPage|InvitationPage|NewPasswordForm|BackToSignIn|accounts_by_email)\.tsx?|api[\\/](invitations|password_reset)\.ts)$/,
              includeDependenciesRecursively: false,
              priority: 0,
            },
            {
              name: "emotion",
              test: /node_modules[\\/](@emotion|@babel[\\/]runtime|stylis|react-is|hoist-non-react-statics)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { "/api": "http://localhost:8000" },
  },
  plugins: [
    react(),
    inlineFonts(),
    VitePWA({
      strategies: "injectManifest",
      // Resolved against `root` (web/), so this is the top-level sw/ folder.
      srcDir: "../sw",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      manifest: {
        name: "Threshold",
        short_name: "Threshold",
        description: "Access control and shared spaces, on any device, even offline.",
        start_url: "/app",
        scope: "/",
        display: "standalone",
        theme_color: THEME_COLOR,
        background_color: "#ffffff",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          {
            src: "/icons/icon-maskable-512.png",
            sizes: "512x512",
            type: "image/png",
            purpose: "maskable",
          },
        ],
      },
      // The PNG icons are already in globPatterns; listing them twice only duplicates precache entries.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,woff2,png,svg}"],
        // /forgot-password, /reset-password/<token> and /invite/<token> make no sense
        // offline: their code is fetched when opened (the codeSplitting group above).
        // Each page's own module is a facade re-exporting it from that chunk.
        globIgnores: [`**/assets/{${ACCOUNTS_BY_EMAIL_CHUNK},ForgotPasswordPage,ResetPasswordPage,InvitationPage}-*`],
      },
    }),
    // After the build and the service worker: the public pages' HTML, then brotli copies of it all.
    prerender(),
    precompress(),
  ],
  test: {
    root: repoRoot,
    environment: "node",
    include: ["web/src/**/*.test.{ts,tsx}"],
  },
});
