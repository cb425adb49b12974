import { and, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import type { Db } from "./db/client.ts";
import { pillLogs } from "./db/schema.ts";
import { isUuid } from "./medications.repository.ts";

export type PillLogRow = typeof pillLogs.$inferSelect;

/** An account's logs, newest first, optionally between two instants and for one medication. */
export async function listPillLogs(db: Db, userId: string, filter: { from?: Date; to?: Date; medicationId?: string }): Promise<PillLogRow[]> {
  const where: SQL[] = [eq(pillLogs.userId, userId)];
  if (filter.from) where.push(gte(pillLogs.timestamp, filter.from));
  if (filter.to) where.push(lte(pillLogs.timestamp, filter.to));
  if (filter.medicationId) where.push(eq(pillLogs.medicationId, filter.medicationId));
  return db
    .select()
    .from(pillLogs)
    .where(and(...where))
    .orderBy(desc(pillLogs.timestamp), pillLogs.id);
}

/** Inserts the log unless its id exists; returns the stored row either way, and whether it is new. */
export async function insertPillLog(db: Db, log: Omit<PillLogRow, "createdAt">): Promise<{ row: PillLogRow; created: boolean }> {
  const inserted = await db.insert(pillLogs).values(log).onConflictDoNothing({ target: pillLogs.id }).returning();
  if (inserted[0]) return { row: inserted[0], created: true };
  const existing = await db.select().from(pillLogs).where(eq(pillLogs.id, log.id));
  return { row: existing[0]!, created: false };
}

export async function deletePillLog(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(pillLogs)
    .where(and(eq(pillLogs.id, id), eq(pillLogs.userId, userId)))
    .returning({ id: pillLogs.id });
  return rows.length > 0;
}
