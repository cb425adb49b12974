import { and, eq, gt } from "drizzle-orm";
import type { Db } from "./db/client.ts";
import { user, verification } from "./db/schema.ts";

export type UserRow = typeof user.$inferSelect;

export async function getUser(db: Db, id: string): Promise<UserRow | null> {
  const rows = await db.select().from(user).where(eq(user.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function updateUser(db: Db, id: string, changes: { name?: string; initials?: string; timeZone?: string }): Promise<UserRow | null> {
  const rows = await db
    .update(user)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(user.id, id))
    .returning();
  return rows[0] ?? null;
}

/** The e-mail of the account a live password-reset token belongs to (Better Auth keeps it as reset-password:TOKEN). */
export async function getResetTokenEmail(db: Db, token: string, now: Date): Promise<string | null> {
  const rows = await db
    .select({ email: user.email })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, now)))
    .limit(1);
  return rows[0]?.email ?? null;
}
