import fs from "node:fs";
import { ConfigError, loadConfig } from "./config.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { EmbeddedPostgresError } from "./db/embedded.ts";
import { startServer } from "./server.ts";

async function main() {
  // A .env beside package.json is read if present (see .env.example); the real environment wins.
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const config = loadConfig();
  const server = await startServer(config);
  console.log(
    `Dosetime is ready at ${config.publicUrl} (listening on ${server.url}, ${config.databaseUrl ? "DATABASE_URL" : `embedded PostgreSQL in ${config.dataDir}/pg`})`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping…`);
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof EmbeddedPostgresError) {
    console.error(`Dosetime could not start.\n${err.message}`);
  } else if ((err as NodeJS.ErrnoException).code === "EADDRINUSE") {
    console.error(`Dosetime could not start: the port is already in use (${(err as Error).message}). Set PORT to another one.`);
  } else {
    console.error("Dosetime could not start:", err);
  }
  process.exit(1);
});
