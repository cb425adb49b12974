import { and, desc, eq, getTableColumns, gte, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "./db/client.ts";
import { customMedications, pillLogs } from "./db/schema.ts";
import { isUuid } from "./medications.repository.ts";

export type PillLogRow = typeof pillLogs.$inferSelect;

/**
 * An account's logs, newest first, optionally between two instants and for one medication, each with the name of
 * its custom medication when it has one (one query: this is the hottest read).
 */
export async function listPillLogs(
  db: Db,
  userId: string,
  filter: { from?: Date; to?: Date; medicationId?: string },
): Promise<Array<PillLogRow & { customName: string | null }>> {
  const where: SQL[] = [eq(pillLogs.userId, userId)];
  if (filter.from) where.push(gte(pillLogs.timestamp, filter.from));
  if (filter.to) where.push(lte(pillLogs.timestamp, filter.to));
  if (filter.medicationId) where.push(eq(pillLogs.medicationId, filter.medicationId));
  return db
    .select({ ...getTableColumns(pillLogs), customName: customMedications.name })
    .from(pillLogs)
    .leftJoin(customMedications, and(eq(sql`${customMedications.id}::text`, pillLogs.medicationId), eq(customMedications.userId, pillLogs.userId)))
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
