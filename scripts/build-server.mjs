// Bundles the server into dist/server/main.js, so `npm start` runs plain node: no TypeScript compiler at start-up
// (DESIGN §9: cold start and memory). Packages stay in node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["src/server/main.ts"],
  outfile: "dist/server/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
});
