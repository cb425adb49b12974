import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { createApp } from "./app.ts";
import { createAuth } from "./auth.ts";
import type { Config } from "./config.ts";
import { createDb, migrateDatabase } from "./db/client.ts";
import { lockDataDir } from "./db/data-dir-lock.ts";
import { startEmbeddedPostgres } from "./db/embedded.ts";
import { createEventHub } from "./events.ts";
import { createMailer } from "./mail.ts";
import { projectRoot } from "./project-root.ts";

export const defaultWebRoot = path.join(projectRoot(), "dist", "web");

export type RunningServer = { url: string; port: number; routes: ReadonlyArray<{ method: string; path: string }>; close: () => Promise<void> };

/**
 * Starts everything one Dosetime process runs: the embedded PostgreSQL when DATABASE_URL is unset (holding the
 * DATA_DIR lock), migrations, auth, the API and the built SPA. `close` stops it all in reverse order.
 */
export async function startServer(config: Config, opts: { webRoot?: string; now?: () => Date } = {}): Promise<RunningServer> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const close = async () => {
    for (const fn of cleanups.reverse()) await fn();
  };
  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      cleanups.push(lockDataDir(config.dataDir));
      const embedded = await startEmbeddedPostgres(config.dataDir);
      cleanups.push(embedded.stop);
      databaseUrl = embedded.url;
    }
    await migrateDatabase(databaseUrl);
    const db = createDb(databaseUrl);
    cleanups.push(() => db.$client.end());
    const events = await createEventHub(databaseUrl);
    cleanups.push(events.close);
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
    const auth = createAuth({ config, db, mailer });
    const app = createApp({ config, db, auth, events, now: opts.now, webRoot: opts.webRoot ?? defaultWebRoot });
    const server: ServerType = await new Promise((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
      s.once("error", reject);
    });
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        }),
    );
    const port = (server.address() as AddressInfo).port;
    return { url: `http://${config.host}:${port}`, port, routes: app.routes, close };
  } catch (err) {
    await close().catch(() => undefined);
    throw err;
  }
}
