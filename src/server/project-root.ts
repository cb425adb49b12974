import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The folder holding package.json, whether we run from src/server (tsx) or from the bundle in dist/server. */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find the Dosetime folder (package.json) above the server code");
    dir = parent;
  }
  return dir;
}
