import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { parse } from "hono/utils/cookie";
import type { Db } from "./db/client.ts";
import { session, user } from "./db/schema.ts";
import type { Actor } from "./policy.ts";

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

/** The signed-in user of a live session token, in one query. */
export async function findSessionActor(db: Db, token: string, now: Date): Promise<Actor> {
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email, timeZone: user.timeZone })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.token, token), gt(session.expiresAt, now)))
    .limit(1);
  return rows[0] ?? null;
}
