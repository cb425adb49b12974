import { eq } from "drizzle-orm";
import { readStoredZone } from "../domain/time-zone.ts";
import type { Executor } from "./db/client.ts";
import { user } from "./db/schema.ts";

export type UserRow = typeof user.$inferSelect;

/** A user as the app reads it: an invalid stored zone reads as UTC (readStoredZone), for every reader. */
function mapUser(row: UserRow | undefined): UserRow | null {
  return row ? { ...row, timeZone: readStoredZone(row.timeZone) } : null;
}

export async function getUser(db: Executor, id: string): Promise<UserRow | null> {
  const rows = await db.select().from(user).where(eq(user.id, id)).limit(1);
  return mapUser(rows[0]);
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: { name?: string; initials?: string; timeZone?: string },
): Promise<UserRow | null> {
  const rows = await db
    .update(user)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(user.id, id))
    .returning();
  return mapUser(rows[0]);
}
