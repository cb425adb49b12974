import { and, eq } from "drizzle-orm";
import type { Db } from "./db/client.ts";
import { pillLogs } from "./db/schema.ts";
import { isUuid } from "./medications.repository.ts";

export type PillLogRow = typeof pillLogs.$inferSelect;

/** A log as the history read returns it, with its custom medication's name. */
export type LogWithName = PillLogRow & { customName: string | null };
type RawLog = {
  id: string;
  user_id: string;
  timestamp: Date;
  created_at: Date;
  logged_by_user_id: string;
  logged_by_name: string;
  medication_id: string | null;
  custom_name: string | null;
};

/**
 * An account's logs, newest first, optionally between two instants and for one medication, each with the name of
 * its custom medication when it has one. NOTE: the page reads this every 30 seconds for every open regimen, so it is
 * one named (prepared) statement per filter shape, in plain SQL, using the (user_id, timestamp desc) index.
 */
export async function listPillLogs(db: Db, userId: string, filter: { from?: Date; to?: Date; medicationId?: string }): Promise<LogWithName[]> {
  const values: unknown[] = [userId];
  const where = ["l.user_id = $1"];
  const shape: string[] = [];
  const add = (name: string, condition: (n: number) => string, value: unknown) => {
    where.push(condition(values.push(value)));
    shape.push(name);
  };
  if (filter.from) add("from", (n) => `l."timestamp" >= $${n}`, filter.from);
  if (filter.to) add("to", (n) => `l."timestamp" <= $${n}`, filter.to);
  if (filter.medicationId) add("med", (n) => `l.medication_id = $${n}`, filter.medicationId);
  const { rows } = await db.$client.query<RawLog>({
    name: `dosetime_logs_${shape.join("_") || "all"}`,
    text:
      'select l.id, l.user_id, l."timestamp", l.created_at, l.logged_by_user_id, l.logged_by_name, l.medication_id, c.name as custom_name ' +
      "from pill_logs l left join custom_medications c on c.id::text = l.medication_id and c.user_id = l.user_id " +
      `where ${where.join(" and ")} order by l."timestamp" desc, l.id`,
    values,
  });
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    timestamp: r.timestamp,
    createdAt: r.created_at,
    loggedByUserId: r.logged_by_user_id,
    loggedByName: r.logged_by_name,
    medicationId: r.medication_id,
    customName: r.custom_name,
  }));
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
