import fs from "node:fs";
import path from "node:path";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { sql } from "drizzle-orm";
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { accountsRoutes } from "./accounts.routes.ts";
import type { AppEnv } from "./app-env.ts";
import { CLIENT_IP_HEADER, type Auth } from "./auth.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { eventsRoutes } from "./events.routes.ts";
import type { EventHub } from "./events.ts";
import { HttpError } from "./http-error.ts";
import { regimenRoutes } from "./regimen.routes.ts";
import { readSessionToken } from "./session.ts";
import { findSessionActor } from "./users.repository.ts";
import { sharingRoutes } from "./sharing.routes.ts";

export type AppDeps = { config: Config; db: Db; auth: Auth; events: EventHub; now?: () => Date; webRoot?: string };

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
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

const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  const h = c.res.headers;
  // NOTE: Better Auth's popup completion page brings its own CSP (a script hash); keep it.
  if (!h.has("content-security-policy")) h.set("content-security-policy", CSP);
  h.set("x-content-type-options", "nosniff");
  h.set("x-frame-options", "DENY");
  // Reset links carry their token in the URL: never leak it in a Referer.
  h.set("referrer-policy", "no-referrer");
  // NOTE: the app's pages may open the Google popup and read its postMessage; the auth routes that run inside
  // that popup must not sever the opener, so they keep the default COOP.
  if (!c.req.path.startsWith("/api/auth/")) h.set("cross-origin-opener-policy", "same-origin-allow-popups");
};

/** The client address Better Auth rate-limits by: the socket's, or with TRUST_PROXY the proxy's X-Forwarded-For. */
function clientIp(c: Parameters<MiddlewareHandler>[0], trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
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
  const serviceDeps = { db, now: deps.now ?? (() => new Date()), events: deps.events };
  const app = new Hono<AppEnv>();

  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json({ error: err.message }, err.status);
    if (err instanceof HTTPException) return c.json({ error: err.message || "Invalid request" }, err.status);
    console.error(err);
    return c.json({ error: "An unknown error occurred" }, 500);
  });
  app.notFound((c) => c.json({ error: "Not found" }, 404));
  app.use("*", securityHeaders);

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await db.execute(sql`select 1`);
      return c.json({ status: "ok" });
    } catch {
      return c.json({ status: "unavailable" }, 503);
    }
  });

  app.use("/api/*", bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json({ error: "Request body is too large" }, 413) }));
  app.on(["GET", "POST"], "/api/auth/*", (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, config.trustProxy));
    return auth.handler(new Request(c.req.raw, { headers }));
  });

  const api = new Hono<AppEnv>();
  // CSRF: a browser always sends Origin on a write; one from another site is refused (Better Auth does the
  // same for /api/auth).
  api.use("*", async (c, next) => {
    const origin = c.req.header("origin");
    if (!["GET", "HEAD", "OPTIONS"].includes(c.req.method) && origin && origin !== config.publicUrl) {
      return c.json({ error: "Cross-origin request refused" }, 403);
    }
    await next();
  });
  // NOTE: Better Auth's getSession costs ~4 ms of crypto round trips; API calls verify the signed cookie and read
  // the session in one query instead (docs/decisions/010-api-session-lookup.md). GET /api/session still goes through
  // Better Auth, which also extends an active session.
  let cookieName: string | undefined;
  api.use("*", async (c, next) => {
    cookieName ??= (await auth.$context).authCookies.sessionToken.name;
    const token = readSessionToken(c.req.header("cookie"), cookieName, config.authSecret);
    c.set("actor", token ? await findSessionActor(db, token, serviceDeps.now()) : null);
    await next();
  });
  api.get("/config", (c) => c.json({ googleEnabled: Boolean(config.google) }));
  api.route("/", accountsRoutes(serviceDeps, auth));
  api.route("/accounts", regimenRoutes(serviceDeps));
  api.route("/accounts", eventsRoutes(serviceDeps));
  api.route("/", sharingRoutes(serviceDeps));
  api.all("*", (c) => c.json({ error: "Not found" }, 404));
  app.route("/api", api);

  const webRoot = deps.webRoot;
  if (webRoot && fs.existsSync(path.join(webRoot, "index.html"))) {
    const indexHtml = fs.readFileSync(path.join(webRoot, "index.html"), "utf8");
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.status === 200) c.res.headers.set("cache-control", "public, max-age=31536000, immutable");
    });
    app.use("*", serveStatic({ root: path.relative(process.cwd(), webRoot) || "." }));
    // Every other path is a screen of the SPA; its router decides (unknown paths go to /).
    app.get("*", (c) => {
      c.header("cache-control", "no-cache");
      return c.html(indexHtml);
    });
  }
  return app;
}
