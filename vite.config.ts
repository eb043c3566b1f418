// One config for the PWA build, the dev server and the front-end unit tests.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { defineConfig } from "vitest/config";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));
const THEME_COLOR = "#0b6bcb";

export default defineConfig({
  root: "web",
  build: {
    // Hashed files go to dist/assets/ (Vite's default), which the API caches for a year.
    outDir: "../dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries every screen needs get stable chunks of their own, so a release
        // that only touches app code keeps them cached. Anything else (Recharts above
        // all) is left to automatic splitting and loads only with the lazy route using it.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|cookie|set-cookie-parser)[\\/]/,
              priority: 3,
            },
            { name: "query", test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            // Joy's styling core only: its components are split with the screens
            // that use them, so /login does not download every table, tab and menu.
            {
              name: "joy",
              test:
                /node_modules[\\/](@mui[\\/](system|utils|styled-engine|private-theming|base|types|joy[\\/](styles|CssBaseline|utils|colorInversion|stack|Box|Typography))|@emotion|@popperjs|@babel[\\/]runtime|stylis|clsx|prop-types|react-is|hoist-non-react-statics)[\\/]/,
              priority: 1,
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
      },
    }),
  ],
  test: {
    root: repoRoot,
    environment: "node",
    include: ["web/src/**/*.test.{ts,tsx}"],
  },
});
