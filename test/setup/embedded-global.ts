import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../src/server/db/embedded.ts";
import { createTemplate } from "./template.ts";

declare module "vitest" {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
    engine: string;
  }
}

/** One embedded PostgreSQL for the whole run, with a migrated template database. */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dosetime-it-"));
  fs.chmodSync(dataDir, 0o755);
  const pgServer = await startEmbeddedPostgres(dataDir);
  await createTemplate(pgServer.adminUrl, "dosetime_template");
  project.provide("adminUrl", pgServer.adminUrl);
  project.provide("templateDb", "dosetime_template");
  project.provide("engine", "embedded");
  return async () => {
    await pgServer.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
