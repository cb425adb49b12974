import type { Executor } from "./db/client.ts";
import { AppError } from "./http-error.ts";
import { getSharedAccess, type InvitationRow } from "./sharing.repository.ts";

/** The one home of "who may do what to whose account" (DESIGN §5). */
export type Permission = "read" | "log" | "manage";
/** The signed-in user of a request. */
export type SignedIn = { id: string; name: string; email: string; timeZone?: string | null };
/** The request's user, or null when signed out. */
export type Actor = SignedIn | null;
export type AccessRole = "owner" | "caregiver";
/** What a granted access check answers: who is acting, now known to be signed in, and as what. */
export type Access = { actor: SignedIn; role: AccessRole };

/**
 * Resolves the actor's role on account `accountId`, or throws: 401 signed out, 404 when the account is not
 * visible (never revealing that it exists), 403 when it is visible but the permission is not granted.
 * It reads the database on every call, so a revocation takes effect on the next request.
 * Example: a caregiver asking for "manage" → AppError("access.forbidden"), 403.
 */
export async function requireAccess(db: Executor, actor: Actor, accountId: string, permission: Permission): Promise<Access> {
  if (!actor) throw new AppError("auth.required");
  if (actor.id === accountId) return { actor, role: "owner" };
  if (!(await getSharedAccess(db, accountId, actor.id))) throw new AppError("account.not-found");
  if (permission === "manage") throw new AppError("access.forbidden");
  return { actor, role: "caregiver" };
}

/**
 * DESIGN §12: a missed-dose alert is a caregiver's setting on an account shared with them. The owner is refused
 * (403); anyone else gets requireAccess's answer. Example: the owner → AppError("alert.owner-refused").
 */
export async function requireCaregiverOf(db: Executor, actor: Actor, accountId: string): Promise<SignedIn> {
  const access = await requireAccess(db, actor, accountId, "read");
  if (access.role === "owner") throw new AppError("alert.owner-refused");
  return access.actor;
}

/** Like requireAccess, for callers that only need the signed-in actor. */
export function requireActor(actor: Actor): SignedIn {
  if (!actor) throw new AppError("auth.required");
  return actor;
}

/**
 * DESIGN §5: an invitation is seen and answered only by the user it was sent to, and only while it is pending.
 * Example: an accepted invitation → AppError("invitation.already-accepted"), 409.
 */
export function requireInvitationResponder(row: InvitationRow | null, me: SignedIn): InvitationRow {
  if (!row) throw new AppError("invitation.not-found");
  if (row.invitedEmail !== me.email.trim().toLowerCase()) throw new AppError("invitation.not-yours");
  if (row.status === "accepted") throw new AppError("invitation.already-accepted");
  if (row.status === "rejected") throw new AppError("invitation.rejected");
  return row;
}
