import { getConnInfo } from "@hono/node-server/conninfo";
import { sql } from "drizzle-orm";
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { HTTPException } from "hono/http-exception";
import { accountsRoutes } from "./accounts.routes.ts";
import { alertsRoutes } from "./alerts.routes.ts";
import type { AppEnv } from "./app-env.ts";
import { CLIENT_IP_HEADER, type Auth } from "./auth.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { devicesRoutes } from "./devices.routes.ts";
import { eventsRoutes } from "./events.routes.ts";
import type { EventHub } from "./events.ts";
import { historyRoutes } from "./history.routes.ts";
import { AppError, errorBody } from "./http-error.ts";
import { writeRateLimit } from "./limits.ts";
import type { Logger } from "./log.ts";
import { medicationsRoutes } from "./medications.routes.ts";
import { pillLogsRoutes } from "./pill-logs.routes.ts";
import { remindersRoutes } from "./reminders.routes.ts";
import { sessionMiddleware } from "./session.ts";
import { sharingRoutes } from "./sharing.routes.ts";
import { serveWeb } from "./static.ts";
import { checkParams } from "./validate.ts";

export type AppDeps = {
  config: Config;
  db: Db;
  auth: Auth;
  events: EventHub;
  logger: Logger;
  now?: () => Date;
  webRoot?: string;
  /** How often an open event stream re-checks its session and access (25 s unless given). */
  eventHeartbeatMs?: number;
};

/**
 * The pages' Content-Security-Policy: our own files only. `inlineScripts`: the sha256 sources of index.html's own
 * inline scripts (static.ts hashes them from the build), so that exactly those may run.
 */
export const contentSecurityPolicy = (inlineScripts: string[] = []) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScripts].join(" "),
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
const CSP = contentSecurityPolicy();

// NOTE: `notifications` and `push` stay allowed (reminders). Only features Chromium knows, or it logs a console error.
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
].join(", ");

const UNSAFE_METHODS = ["POST", "PUT", "PATCH", "DELETE"];

/**
 * One log line per request, with its id (also answered as x-request-id), the signed-in user if any, the status and
 * the duration. NOTE: straight on the root logger: a child logger per request cost more than the line itself.
 */
const requestLog =
  (logger: Logger): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const started = performance.now();
    await next();
    const status = c.res.status;
    // NOTE: the error itself has its own line (onError); a 503 from /readyz is not one.
    logger[status >= 500 ? "warn" : "info"](
      {
        reqId: c.var.requestId,
        responseTime: Math.round(performance.now() - started),
        method: c.req.method,
        path: c.req.path,
        status,
        userId: c.var.actor?.id,
      },
      "request",
    );
  };

/** Headers every answer of ours carries; /api answers (health data) are never cached by a browser or proxy. */
function staticHeaders(publicUrl: string, api: boolean): Array<[string, string]> {
  return [
    ...(api ? ([["cache-control", "no-store"]] as Array<[string, string]>) : []),
    ...(publicUrl.startsWith("https:") ? ([["strict-transport-security", "max-age=31536000; includeSubDomains"]] as Array<[string, string]>) : []),
    ["permissions-policy", PERMISSIONS_POLICY],
    ["content-security-policy", CSP],
    ["x-content-type-options", "nosniff"],
    ["x-frame-options", "DENY"],
    ["referrer-policy", "no-referrer"],
    ["cross-origin-opener-policy", "same-origin-allow-popups"],
  ];
}

const securityHeaders = (publicUrl: string): MiddlewareHandler => {
  const apiHeaders = staticHeaders(publicUrl, true);
  return async (c, next) => {
    const path = c.req.path;
    // NOTE: our own /api answers are built by Hono from these prepared headers; touching c.res.headers afterwards
    // would turn each answer into a full Response object (the slow path of @hono/node-server).
    if (path.startsWith("/api/") && !path.startsWith("/api/auth/")) {
      for (const [name, value] of apiHeaders) c.header(name, value);
      return next();
    }
    await next();
    const h = c.res.headers;
    if (path === "/api" || path.startsWith("/api/")) h.set("cache-control", "no-store");
    if (publicUrl.startsWith("https:")) h.set("strict-transport-security", "max-age=31536000; includeSubDomains");
    h.set("permissions-policy", PERMISSIONS_POLICY);
    // NOTE: Better Auth's popup completion page and index.html bring their own CSP (script hashes); keep it.
    if (!h.has("content-security-policy")) h.set("content-security-policy", CSP);
    h.set("x-content-type-options", "nosniff");
    h.set("x-frame-options", "DENY");
    // Reset links carry their token in the URL: never leak it in a Referer.
    h.set("referrer-policy", "no-referrer");
    // NOTE: the app's pages may open the Google popup and read its postMessage; the auth routes that run inside
    // that popup must not sever the opener, so they keep the default COOP.
    if (!c.req.path.startsWith("/api/auth/")) h.set("cross-origin-opener-policy", "same-origin-allow-popups");
  };
};

/**
 * The client address Better Auth rate-limits by: the socket's, or with TRUST_PROXY the address our proxy saw, which
 * it appends as the last X-Forwarded-For entry (the entries before it are whatever the client wrote).
 */
function clientIp(c: Parameters<MiddlewareHandler>[0], trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

export function createApp(deps: AppDeps) {
  const { config, db, auth } = deps;
  const serviceDeps = { db, now: deps.now ?? (() => new Date()), events: deps.events, vapid: config.vapid };
  const app = new Hono<AppEnv>();

  app.onError((err, c) => {
    if (err instanceof AppError) return c.json({ ...err.details, error: err.message }, err.status);
    if (err instanceof HTTPException) return c.json({ error: err.message || "Invalid request" }, err.status);
    deps.logger.error({ reqId: c.var.requestId, err }, "unhandled error");
    return c.json(errorBody("server.unknown"), 500);
  });
  app.notFound((c) => c.json(errorBody("route.not-found"), 404));
  // One log line per request, with its id (also answered as x-request-id) and the signed-in user, if any.
  // NOTE: a caller's own X-Request-Id is kept only when it is short and plain, so it cannot forge log lines.
  app.use("*", requestId({ limitLength: 64 }));
  app.use("*", requestLog(deps.logger));
  app.use("*", securityHeaders(config.publicUrl));

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    const database = await db.execute(sql`select 1`).then(
      () => "ok",
      () => "down",
    );
    const events = deps.events.listening() ? "ok" : "down";
    const ok = database === "ok" && events === "ok";
    return c.json({ status: ok ? "ok" : "unavailable", database, events }, ok ? 200 : 503);
  });

  app.use("/api/*", checkParams);
  const limitBody = bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json(errorBody("request.too-large"), 413) });
  // NOTE: a GET has no body to limit, and asking for one builds a full Request object for every read.
  app.use("/api/*", (c, next) => (c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitBody(c, next)));
  app.on(["GET", "POST"], "/api/auth/*", (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, config.trustProxy));
    return auth.handler(new Request(c.req.raw, { headers }));
  });

  const api = new Hono<AppEnv>();
  // CSRF: a browser sends Origin on every write it makes from our pages; a write from another site, or one that
  // does not say where it comes from, is refused (Better Auth does the same for /api/auth). A body must be JSON,
  // which a cross-site HTML form cannot send.
  api.use("*", async (c, next) => {
    if (!UNSAFE_METHODS.includes(c.req.method)) return next();
    const origin = c.req.header("origin");
    const sameOrigin = origin ? origin === config.publicUrl : c.req.header("sec-fetch-site") === "same-origin";
    if (!sameOrigin) return c.json(errorBody("request.cross-origin"), 403);
    const hasBody = Number(c.req.header("content-length") ?? 0) > 0 || c.req.header("transfer-encoding") !== undefined;
    const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (hasBody && type !== "application/json") return c.json(errorBody("request.not-json"), 415);
    await next();
  });
  api.use("*", sessionMiddleware({ auth, db, secret: config.authSecret, now: serviceDeps.now }));
  api.use("*", writeRateLimit(db));
  api.get("/config", (c) => c.json({ googleEnabled: Boolean(config.google) }));
  api.route("/", accountsRoutes(serviceDeps, auth));
  api.route("/accounts", medicationsRoutes(serviceDeps));
  api.route("/accounts", pillLogsRoutes(serviceDeps));
  api.route("/accounts", eventsRoutes({ ...serviceDeps, heartbeatMs: deps.eventHeartbeatMs }));
  api.route("/accounts", historyRoutes(serviceDeps));
  api.route("/", sharingRoutes(serviceDeps));
  api.route("/me/devices", devicesRoutes(serviceDeps));
  api.route("/", remindersRoutes(serviceDeps));
  api.route("/", alertsRoutes(serviceDeps));
  api.all("*", (c) => c.json(errorBody("route.not-found"), 404));
  app.route("/api", api);

  if (deps.webRoot) serveWeb(app, deps.webRoot, contentSecurityPolicy);
  return app;
}
