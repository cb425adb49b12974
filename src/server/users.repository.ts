import { and, eq, gt } from "drizzle-orm";
import type { Db } from "./db/client.ts";
import type { Actor } from "./policy.ts";
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
