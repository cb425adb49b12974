import { and, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "./db/client.ts";
import { shareInvitations, sharedAccess } from "./db/schema.ts";

export type InvitationRow = typeof shareInvitations.$inferSelect;
export type SharedAccessRow = typeof sharedAccess.$inferSelect;

export async function listPendingInvitations(db: Executor, ownerUserId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(shareInvitations)
    .where(and(eq(shareInvitations.ownerUserId, ownerUserId), eq(shareInvitations.status, "pending")))
    .orderBy(desc(shareInvitations.createdAt));
}

export async function getInvitation(db: Executor, id: string, opts: { forUpdate?: boolean } = {}): Promise<InvitationRow | null> {
  const query = db.select().from(shareInvitations).where(eq(shareInvitations.id, id));
  const rows = opts.forUpdate ? await query.for("update") : await query;
  return rows[0] ?? null;
}

/** Inserts a pending invitation; null when one is already pending for that address (the unique index). */
export async function insertInvitation(db: Executor, row: Omit<InvitationRow, "createdAt" | "updatedAt" | "status">): Promise<InvitationRow | null> {
  const rows = await db.insert(shareInvitations).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function setInvitationStatus(db: Executor, id: string, status: "accepted" | "rejected"): Promise<void> {
  await db
    .update(shareInvitations)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(shareInvitations.id, id));
}

export async function deleteInvitation(db: Executor, ownerUserId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(shareInvitations)
    .where(and(eq(shareInvitations.id, id), eq(shareInvitations.ownerUserId, ownerUserId), eq(shareInvitations.status, "pending")))
    .returning({ id: shareInvitations.id });
  return rows.length > 0;
}

export async function listCaregivers(db: Executor, ownerUserId: string): Promise<SharedAccessRow[]> {
  return db.select().from(sharedAccess).where(eq(sharedAccess.ownerUserId, ownerUserId)).orderBy(desc(sharedAccess.createdAt));
}

export async function listSharedWith(db: Executor, userId: string): Promise<SharedAccessRow[]> {
  return db.select().from(sharedAccess).where(eq(sharedAccess.sharedWithUserId, userId)).orderBy(desc(sharedAccess.createdAt));
}

export async function getSharedAccess(db: Executor, ownerUserId: string, sharedWithUserId: string): Promise<SharedAccessRow | null> {
  const rows = await db
    .select()
    .from(sharedAccess)
    .where(eq(sharedAccess.id, `${sharedWithUserId}_${ownerUserId}`));
  return rows[0] ?? null;
}

/** Creates the access row (id `{sharedWithUserId}_{ownerUserId}`), or keeps the one that exists. */
export async function insertSharedAccess(db: Executor, row: Omit<SharedAccessRow, "id" | "createdAt">): Promise<void> {
  await db
    .insert(sharedAccess)
    .values({ ...row, id: `${row.sharedWithUserId}_${row.ownerUserId}` })
    .onConflictDoNothing();
}

export async function deleteSharedAccess(db: Executor, ownerUserId: string, sharedWithUserId: string): Promise<boolean> {
  const rows = await db
    .delete(sharedAccess)
    .where(and(eq(sharedAccess.ownerUserId, ownerUserId), eq(sharedAccess.sharedWithUserId, sharedWithUserId)))
    .returning({ id: sharedAccess.id });
  return rows.length > 0;
}
