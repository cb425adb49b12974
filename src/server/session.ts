import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { parse } from "hono/utils/cookie";
import { readStoredZone } from "../domain/time-zone.ts";
import type { AppEnv } from "./app-env.ts";
import type { Auth } from "./auth.ts";
import { preparedOnce, type Db } from "./db/client.ts";
import { session, user, verification } from "./db/schema.ts";
import type { Actor, SignedIn } from "./policy.ts";

/*
 * The one module that knows Better Auth's internals: its cookie's name and format, its session and verification
 * tables, and the identifier it files reset codes under. Nothing else reads them (docs/decisions/010 and 024).
 * If Better Auth changes its cookie format, auth.int.test.ts's "tampered, foreign or expired" test fails first.
 */

/**
 * The token inside Better Auth's signed session cookie (`token.base64(HMAC-SHA256(secret, token))`, URL-encoded),
 * or null when the cookie is missing or its signature is wrong. Synchronous HMAC: this runs on every API call.
 */
export function readSessionToken(cookieHeader: string | undefined, cookieName: string, secret: string): string | null {
  if (!cookieHeader) return null;
  const raw = parse(cookieHeader, cookieName)[cookieName];
  if (!raw) return null;
  const dot = raw.lastIndexOf(".");
  if (dot < 1) return null;
  const token = raw.slice(0, dot);
  const given = Buffer.from(raw.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** The hot read, prepared once per database: PostgreSQL plans it once, and Drizzle builds its SQL once. */
const sessionActor = preparedOnce((db) =>
  db
    .select({ id: user.id, name: user.name, email: user.email, timeZone: user.timeZone })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.token, sql.placeholder("token")), gt(session.expiresAt, sql.placeholder("now"))))
    .limit(1)
    .prepare("dosetime_session_actor"),
);

/** The signed-in user of a live session token, in one query; null when the session is gone or expired. */
export async function getSessionActor(db: Db, token: string, now: Date): Promise<Actor> {
  const row = (await sessionActor(db).execute({ token, now }))[0];
  return row ? { id: row.id, name: row.name, email: row.email, timeZone: readStoredZone(row.timeZone) } : null;
}

/**
 * The /api middleware: verifies the session cookie and reads its user in one query, setting `sessionToken` and
 * `actor` (null when signed out). NOTE: Better Auth's own getSession costs ~4 ms of crypto round trips a call
 * (docs/decisions/010-api-session-lookup.md); GET /api/session still goes through it (currentSessionUser).
 */
export function sessionMiddleware(deps: { auth: Auth; db: Db; secret: string; now: () => Date }): MiddlewareHandler<AppEnv> {
  let cookieName: string | undefined;
  return async (c, next) => {
    cookieName ??= (await deps.auth.$context).authCookies.sessionToken.name;
    const token = readSessionToken(c.req.header("cookie"), cookieName, deps.secret);
    c.set("sessionToken", token);
    c.set("actor", token ? await getSessionActor(deps.db, token, deps.now()) : null);
    await next();
  };
}

/** The signed-in user through Better Auth, which also extends an active session (session.updateAge). */
export async function currentSessionUser(auth: Auth, headers: Headers): Promise<SignedIn | null> {
  const current = await auth.api.getSession({ headers });
  return current ? { id: current.user.id, name: current.user.name, email: current.user.email } : null;
}

/** The e-mail of the account a live password-reset code belongs to, without using it up; null otherwise. */
export async function getResetCodeEmail(db: Db, code: string, now: Date): Promise<string | null> {
  // NOTE: Better Auth files a reset code as a verification row `reset-password:CODE` whose value is the user id.
  const rows = await db
    .select({ email: user.email })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(and(eq(verification.identifier, `reset-password:${code}`), gt(verification.expiresAt, now)))
    .limit(1);
  return rows[0]?.email ?? null;
}
