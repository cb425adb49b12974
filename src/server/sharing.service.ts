import { deleteCaregiverAlert } from "./alerts.repository.ts";
import { randomBytes } from "node:crypto";
import type { InvitationDto, MyAccountsDto, SharedAccessDto } from "../shared/api-schemas.ts";
import { invitationEmailCode } from "../shared/errors.ts";
import type { Db } from "./db/client.ts";
import { notifyAccount, type EventHub } from "./events.ts";
import { AppError } from "./http-error.ts";
import { LIMITS } from "./limits.ts";
import { requireAccess, requireActor, requireInvitationResponder, type Actor } from "./policy.ts";
import {
  deleteInvitation,
  deleteSharedAccess,
  getInvitation,
  getSharedAccess,
  insertInvitation,
  insertSharedAccess,
  listCaregivers,
  listPendingInvitations,
  listSharedWith,
  setInvitationStatus,
  type InvitationRow,
  type SharedAccessRow,
} from "./sharing.repository.ts";
import { getUser } from "./users.repository.ts";

export type Deps = { db: Db; now: () => Date; events: EventHub };

function mapInvitation(row: InvitationRow): InvitationDto {
  return {
    id: row.id,
    ownerUserId: row.ownerUserId,
    ownerName: row.ownerName,
    ownerEmail: row.ownerEmail,
    invitedEmail: row.invitedEmail,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

function mapSharedAccess(row: SharedAccessRow): SharedAccessDto {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** The header's switcher: my own account and every account shared with me, newest first. */
export async function listMyAccounts(deps: Deps, actor: Actor): Promise<MyAccountsDto> {
  const me = requireActor(actor);
  const shared = await listSharedWith(deps.db, me.id);
  return {
    own: { id: me.id, name: me.name },
    shared: shared.map((s) => ({ id: s.ownerUserId, name: s.ownerName, email: s.ownerEmail, since: s.createdAt.toISOString() })),
  };
}

export async function listOpenInvitations(deps: Deps, actor: Actor, accountId: string): Promise<InvitationDto[]> {
  await requireAccess(deps.db, actor, accountId, "manage");
  return (await listPendingInvitations(deps.db, accountId)).map(mapInvitation);
}

/** SPEC §5 invitation rules, checked on the server: 400 for the address itself, 409 for a conflict. */
export async function createInvitation(deps: Deps, actor: Actor, accountId: string, email: string): Promise<InvitationDto> {
  await requireAccess(deps.db, actor, accountId, "manage");
  const owner = await getUser(deps.db, accountId);
  if (!owner) throw new AppError("account.not-found");
  const [pending, caregivers] = await Promise.all([listPendingInvitations(deps.db, accountId), listCaregivers(deps.db, accountId)]);
  if (pending.length >= LIMITS.pendingInvitationsPerOwner) {
    throw new AppError("invitation.too-many", { max: LIMITS.pendingInvitationsPerOwner });
  }
  const problem = invitationEmailCode(email, {
    ownEmail: owner.email,
    pendingEmails: pending.map((p) => p.invitedEmail),
    accessEmails: caregivers.map((c) => c.sharedWithEmail),
  });
  if (problem) throw new AppError(problem);
  const row = await insertInvitation(deps.db, {
    id: randomBytes(16).toString("base64url"),
    ownerUserId: owner.id,
    ownerName: owner.name,
    ownerEmail: owner.email,
    invitedEmail: email.trim().toLowerCase(),
  });
  // NOTE: two requests at once: the partial unique index lets one through.
  if (!row) throw new AppError("invitation.already-sent");
  return mapInvitation(row);
}

export async function cancelInvitation(deps: Deps, actor: Actor, accountId: string, id: string): Promise<void> {
  await requireAccess(deps.db, actor, accountId, "manage");
  if (!(await deleteInvitation(deps.db, accountId, id))) throw new AppError("invitation.not-found");
}

export async function listAccountCaregivers(deps: Deps, actor: Actor, accountId: string): Promise<SharedAccessDto[]> {
  await requireAccess(deps.db, actor, accountId, "manage");
  return (await listCaregivers(deps.db, accountId)).map(mapSharedAccess);
}

/** Revoking deletes the access row; the caregiver's very next request is refused (policy reads it every time). */
export async function revokeCaregiver(deps: Deps, actor: Actor, accountId: string, sharedWithUserId: string): Promise<void> {
  await requireAccess(deps.db, actor, accountId, "manage");
  if (!(await deleteSharedAccess(deps.db, accountId, sharedWithUserId))) throw new AppError("caregiver.not-found");
  // A revoked caregiver gets no more alerts (the scheduler also reads access at each pass); invited again, they start off.
  await deleteCaregiverAlert(deps.db, accountId, sharedWithUserId);
  await notifyAccount(deps, { accountId, kind: "access-revoked", userId: sharedWithUserId });
}

export async function viewInvitation(deps: Deps, actor: Actor, id: string): Promise<InvitationDto> {
  const me = requireActor(actor);
  return mapInvitation(requireInvitationResponder(await getInvitation(deps.db, id), me));
}

/**
 * Accepts in one transaction: the access row is created and the invitation marked accepted, or neither.
 * Repeating an accept that went through (a double tap, a retried request) answers the same, without changing
 * anything; after the owner has revoked access it is refused.
 */
export async function acceptInvitation(deps: Deps, actor: Actor, id: string): Promise<{ ownerUserId: string; ownerName: string }> {
  const me = requireActor(actor);
  return deps.db.transaction(async (tx) => {
    const row = await getInvitation(tx, id, { forUpdate: true });
    if (row?.status === "accepted" && row.invitedEmail === me.email.toLowerCase() && (await getSharedAccess(tx, row.ownerUserId, me.id))) {
      return { ownerUserId: row.ownerUserId, ownerName: row.ownerName };
    }
    const invitation = requireInvitationResponder(row, me);
    await insertSharedAccess(tx, {
      ownerUserId: invitation.ownerUserId,
      ownerName: invitation.ownerName,
      ownerEmail: invitation.ownerEmail,
      sharedWithUserId: me.id,
      sharedWithName: me.name,
      sharedWithEmail: me.email,
    });
    await setInvitationStatus(tx, invitation.id, "accepted");
    return { ownerUserId: invitation.ownerUserId, ownerName: invitation.ownerName };
  });
}

export async function rejectInvitation(deps: Deps, actor: Actor, id: string): Promise<void> {
  const me = requireActor(actor);
  await deps.db.transaction(async (tx) => {
    const invitation = requireInvitationResponder(await getInvitation(tx, id, { forUpdate: true }), me);
    await setInvitationStatus(tx, invitation.id, "rejected");
  });
}
