import fs from "node:fs";
import { ConfigError, loadConfig } from "./config.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { EmbeddedPostgresError } from "./db/embedded.ts";
import { startServer } from "./server.ts";

/** SIGTERM/SIGINT: how long draining and stopping may take before the process exits regardless. */
const STOP_TIMEOUT_MS = 10_000;

async function main() {
  // A .env beside package.json is read if present (see .env.example); the real environment wins.
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const config = loadConfig();
  const server = await startServer(config);
  // NOTE: the one human line (not JSON): a self-hoster running `npm start` reads where to go and where the data is.
  console.log(`Dosetime is ready at ${config.publicUrl} (listening on ${server.url}, ${server.database})`);
  const { logger } = server;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping: finishing the requests in flight");
    // Bounded even if PostgreSQL hangs: the process exits anyway.
    setTimeout(() => {
      logger.error({ signal, afterMs: STOP_TIMEOUT_MS }, "could not stop in time; exiting anyway");
      process.exit(1);
    }, STOP_TIMEOUT_MS);
    server.close().then(
      () => {
        logger.info("stopped");
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, "error while stopping");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

// NOTE: start failures stay plain text on stderr: the configuration (and so LOG_LEVEL) may be what failed.
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
