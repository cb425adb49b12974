import { createHmac, timingSafeEqual } from "node:crypto";
import { parse } from "hono/utils/cookie";

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
