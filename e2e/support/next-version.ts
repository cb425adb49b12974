import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { repoRoot } from "../../test/process.ts";

/**
 * The next version of the app, as a deploy brings it: a real build of the same sources whose every script differs
 * (a comment line at its top), so every hashed file, index.html and the service worker change. Laid out like the project
 * (package.json, dist/server, dist/web, the migrations) so that `spawnServer(env, { root })` runs it.
 */
export function buildNextVersion(root: string): { root: string; entry: string; scripts: Set<string> } {
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(path.join(root, "dist", "server"), { recursive: true });
  fs.mkdirSync(path.join(root, "src", "server", "db"), { recursive: true });
  fs.copyFileSync(path.join(repoRoot, "package.json"), path.join(root, "package.json"));
  for (const file of fs.readdirSync(path.join(repoRoot, "dist", "server")))
    fs.copyFileSync(path.join(repoRoot, "dist", "server", file), path.join(root, "dist", "server", file));
  fs.symlinkSync(path.join(repoRoot, "src", "server", "db", "migrations"), path.join(root, "src", "server", "db", "migrations"));

  const config = path.join(root, "vite.config.next.ts");
  const base = path.relative(root, path.join(repoRoot, "vite.config.ts")).split(path.sep).join("/");
  fs.writeFileSync(
    config,
    `import { mergeConfig } from "vite";
import config from "${base}";
export default mergeConfig(config, {
  build: { outDir: ${JSON.stringify(path.join(root, "dist", "web"))}, rolldownOptions: { output: { postBanner: "/* the next version */" } } },
});
`,
  );
  const vite = path.join(repoRoot, "node_modules", "vite", "bin", "vite.js");
  const built = spawnSync(process.execPath, [vite, "build", "--config", config, "--logLevel", "error"], { cwd: repoRoot, encoding: "utf8" });
  if (built.status !== 0) throw new Error(`the next version did not build:\n${built.stdout}\n${built.stderr}`);

  const html = fs.readFileSync(path.join(root, "dist", "web", "index.html"), "utf8");
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error("the next version's index.html names no entry script");
  const scripts = new Set(
    fs
      .readdirSync(path.join(root, "dist", "web", "assets"))
      .filter((f) => f.endsWith(".js"))
      .map((f) => `/assets/${f}`),
  );
  return { root, entry, scripts };
}
