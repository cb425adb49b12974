import type { Db } from "./db/client.ts";
import { forbidden, notFound, unauthorized } from "./http-error.ts";
import { getSharedAccess } from "./sharing.repository.ts";

/** The one home of "who may do what to whose account" (DESIGN §5). */
export type Permission = "read" | "log" | "manage";
export type Actor = { id: string; name: string; email: string; timeZone?: string | null } | null;
export type AccessRole = "owner" | "caregiver";

/**
 * Resolves the actor's role on account `accountId`, or throws: 401 signed out, 404 when the account is not
 * visible (never revealing that it exists), 403 when it is visible but the permission is not granted.
 * It reads the database on every call, so a revocation takes effect on the next request.
 * Example: a caregiver asking for "manage" → HttpError 403.
 */
export async function requireAccess(db: Db, actor: Actor, accountId: string, permission: Permission): Promise<AccessRole> {
  if (!actor) throw unauthorized();
  if (actor.id === accountId) return "owner";
  if (!(await getSharedAccess(db, accountId, actor.id))) throw notFound("Account not found");
  if (permission === "manage") throw forbidden();
  return "caregiver";
}

/** Like requireAccess, for callers that only need the signed-in actor. */
export function requireActor(actor: Actor): NonNullable<Actor> {
  if (!actor) throw unauthorized();
  return actor;
}
