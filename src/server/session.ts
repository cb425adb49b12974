import { createHmac, timingSafeEqual } from "node:crypto";
import { parse } from "hono/utils/cookie";
import type { Db } from "./db/client.ts";
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

/**
 * The signed-in user of a live session token, in one query. NOTE: every API call runs it, so it is a named
 * (server-side prepared) statement in plain SQL; building it with Drizzle cost more than running it.
 */
export async function findSessionActor(db: Db, token: string, now: Date): Promise<Actor> {
  const { rows } = await db.$client.query<{ id: string; name: string; email: string; time_zone: string | null }>({
    name: "dosetime_session_actor",
    text: 'select u.id, u.name, u.email, u.time_zone from "session" s join "user" u on u.id = s."userId" where s.token = $1 and s."expiresAt" > $2 limit 1',
    values: [token, now],
  });
  const row = rows[0];
  return row ? { id: row.id, name: row.name, email: row.email, timeZone: row.time_zone } : null;
}
