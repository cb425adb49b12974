import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { createApp } from "./app.ts";
import { createAuth } from "./auth.ts";
import { systemClock, type Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import { createDb, migrateDatabase } from "./db/client.ts";
import { lockDataDir } from "./db/data-dir-lock.ts";
import { startEmbeddedPostgres } from "./db/embedded.ts";
import { createEventHub } from "./events.ts";
import { createLogger, type Logger } from "./log.ts";
import { createMailer } from "./mail.ts";
import { projectRoot } from "./project-root.ts";
import { createReminderScheduler, type ReminderScheduler } from "./reminder-scheduler.ts";

/** How long, on close, a request still in flight may take before its connection is cut. */
const DRAIN_MS = 8_000;

export const defaultWebRoot = path.join(projectRoot(), "dist", "web");

export type RunningServer = {
  url: string;
  port: number;
  routes: ReadonlyArray<{ method: string; path: string }>;
  reminders: ReminderScheduler;
  /** Where the data lives, for the start line: "DATABASE_URL", or the embedded cluster's folder (and why there). */
  database: string;
  logger: Logger;
  /** Stops accepting connections, lets the requests in flight finish, then stops everything in reverse order. */
  close: () => Promise<void>;
};

/**
 * Starts everything one Dosetime process runs: the embedded PostgreSQL when DATABASE_URL is unset (holding the
 * DATA_DIR lock), migrations, auth, the API, the built SPA and the reminder scheduler. `close` stops it all in
 * reverse order. Tests pass a fake `clock`, which both the API and the scheduler then read.
 */
export async function startServer(
  config: Config,
  opts: { webRoot?: string; now?: () => Date; clock?: Clock; eventHeartbeatMs?: number; logger?: Logger } = {},
): Promise<RunningServer> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const clock = opts.clock ?? (opts.now ? { ...systemClock, now: opts.now } : systemClock);
  const cleanups: Array<() => Promise<void> | void> = [];
  const close = async () => {
    for (const fn of cleanups.reverse()) await fn();
  };
  try {
    let databaseUrl = config.databaseUrl;
    let database = "DATABASE_URL";
    if (!databaseUrl) {
      cleanups.push(lockDataDir(config.dataDir));
      const embedded = await startEmbeddedPostgres(config.dataDir, {
        fallbackRoot: config.embeddedPgRoot,
        log: (msg) => logger.warn(msg),
      });
      cleanups.push(embedded.stop);
      databaseUrl = embedded.url;
      database = `embedded PostgreSQL in ${embedded.location}${embedded.note ? `, as ${embedded.note}` : ""}`;
    }
    await migrateDatabase(databaseUrl);
    const db = createDb(databaseUrl, 10, logger);
    cleanups.push(() => db.$client.end());
    const events = await createEventHub(databaseUrl, logger);
    cleanups.push(events.close);
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
    const auth = createAuth({ config, db, mailer, logger });
    const app = createApp({
      config,
      db,
      auth,
      events,
      logger,
      now: clock.now,
      eventHeartbeatMs: opts.eventHeartbeatMs,
      webRoot: opts.webRoot ?? defaultWebRoot,
    });
    const server: ServerType = await new Promise((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
      s.once("error", reject);
    });
    // NOTE: Node closes an idle keep-alive connection after 5 s; a client (a browser, a proxy) reusing it at that
    // instant gets ECONNRESET. Idle connections stay open longer than the usual proxy and browser idle times.
    const timeouts = server as unknown as { keepAliveTimeout: number; headersTimeout: number };
    timeouts.keepAliveTimeout = 65_000;
    timeouts.headersTimeout = 66_000;
    const inFlight = new Set<ServerResponse>();
    server.on("request", (_req: IncomingMessage, res: ServerResponse) => {
      inFlight.add(res);
      res.once("close", () => inFlight.delete(res));
    });
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          // Stop accepting, let the requests in flight finish; idle keep-alive connections close now, and open
          // event streams (which never finish by themselves: their pages reconnect to another server).
          server.close(() => resolve());
          const http = server as unknown as { closeIdleConnections?: () => void; closeAllConnections?: () => void };
          for (const res of inFlight) if (String(res.getHeader("content-type")).startsWith("text/event-stream")) res.destroy();
          http.closeIdleConnections?.();
          const idle = setInterval(() => http.closeIdleConnections?.(), 100);
          const cut = setTimeout(() => http.closeAllConnections?.(), DRAIN_MS);
          server.once("close", () => {
            clearInterval(idle);
            clearTimeout(cut);
          });
        }),
    );
    const reminders = createReminderScheduler({ db, events, clock, vapid: config.vapid, mailer, publicUrl: config.publicUrl, logger });
    reminders.start();
    cleanups.push(reminders.stop);
    const port = (server.address() as AddressInfo).port;
    return { url: `http://${config.host}:${port}`, port, routes: app.routes, database, logger, reminders, close };
  } catch (err) {
    await close().catch(() => undefined);
    throw err;
  }
}
