import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

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

export default defineConfig({
  root: "src/web",
  plugins: [react()],
  resolve: { alias: preactAliases },
  build: { outDir: "../../dist/web", emptyOutDir: true, target: "es2022" },
  server: { proxy: { "/api": "http://127.0.0.1:3000" } },
});
