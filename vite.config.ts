import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

// NOTE: React's API, Preact's runtime (docs/decisions/003-preact-compat.md): React 19's DOM runtime alone is
// ~60 KB gzip of the 100 KB home-page budget (DESIGN §9).
export const preactAliases = {
  react: "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react-dom/test-utils": "preact/test-utils",
  "react-dom": "preact/compat",
  "react/jsx-runtime": "preact/jsx-runtime",
  "react/jsx-dev-runtime": "preact/jsx-dev-runtime",
};

export const THEME_COLOR = "#1d4ed8";

export default defineConfig({
  root: "src/web",
  plugins: [
    react(),
    // DESIGN §10: installable, our own service worker (src/web/sw.ts), updated only when the person says so.
    VitePWA({
      strategies: "injectManifest",
      srcDir: ".",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      manifest: {
        name: "Dosetime",
        short_name: "Dosetime",
        description: "Dosetime helps you take your medication on time, with caregivers sharing the work.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        theme_color: THEME_COLOR,
        background_color: "#ffffff",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      // The shell and every screen's code; the install icons are fetched by the browser, not needed offline.
      injectManifest: { globPatterns: ["**/*.{js,css,html,svg,webmanifest}"] },
    }),
  ],
  // NOTE: the persister packages pin an older @tanstack/query-core of their own; one copy serves both (5.x is
  // compatible), rather than two in the bundle (docs/decisions/018-offline-and-install.md).
  resolve: { alias: preactAliases, dedupe: ["@tanstack/query-core"] },
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    target: "es2022",
    // The first screen's libraries in chunks of their own, fetched in parallel with the app's code (index.html
    // names each with a modulepreload) and kept across app updates. Each is under ~14 KB brotli: one round trip on
    // a new connection (docs/decisions/018-offline-and-install.md).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "preact", test: /node_modules[\\/]preact[\\/]/ },
            { name: "router", test: /node_modules[\\/]react-router[\\/]/ },
            { name: "data", test: /node_modules[\\/](@tanstack|idb-keyval|@date-fns)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy: { "/api": "http://127.0.0.1:3000" } },
});
