import { and, asc, between, desc, eq, getTableColumns, gte, isNull, lte, or, sql } from "drizzle-orm";
import { preparedOnce, type Db, type Executor } from "./db/client.ts";
import { customMedications, pillLogs } from "./db/schema.ts";
import { isUuid } from "./medications.repository.ts";

export type PillLogRow = typeof pillLogs.$inferSelect;

/** A log as the history read returns it, with its custom medication's name. */
export type LogWithName = PillLogRow & { customName: string | null };

type LogFilter = { from: Date; to?: Date; medicationId?: string };
type Shape = "to" | "med";

/** One named prepared statement per filter shape, so each keeps using the (user_id, timestamp desc) index. */
function prepareLogs(db: Db, shape: Shape[]) {
  const where = [eq(pillLogs.userId, sql.placeholder("userId")), gte(pillLogs.timestamp, sql.placeholder("from"))];
  if (shape.includes("to")) where.push(lte(pillLogs.timestamp, sql.placeholder("to")));
  if (shape.includes("med")) where.push(eq(pillLogs.medicationId, sql.placeholder("medicationId")));
  return db
    .select({ ...getTableColumns(pillLogs), customName: customMedications.name })
    .from(pillLogs)
    .leftJoin(customMedications, and(eq(sql`${customMedications.id}::text`, pillLogs.medicationId), eq(customMedications.userId, pillLogs.userId)))
    .where(and(...where))
    .orderBy(desc(pillLogs.timestamp), asc(pillLogs.id))
    .prepare(["dosetime_logs_from", ...shape].join("_"));
}

const SHAPES: Shape[][] = [[], ["to"], ["med"], ["to", "med"]];
const logStatements = preparedOnce((db) => new Map(SHAPES.map((shape) => [shape.join("_"), prepareLogs(db, shape)])));

/**
 * An account's logs from an instant, newest first, optionally up to another and for one medication, each with the
 * name of its custom medication when it has one. NOTE: the page reads this every 30 seconds for every open regimen:
 * a hot read, so a named prepared statement (preparedOnce).
 */
export async function listPillLogs(db: Db, userId: string, filter: LogFilter): Promise<LogWithName[]> {
  const shape = [filter.to && "to", filter.medicationId && "med"].filter(Boolean).join("_");
  return logStatements(db).get(shape)!.execute({ userId, from: filter.from, to: filter.to, medicationId: filter.medicationId });
}

/**
 * Serialises saves of one medication for one account until the transaction ends (DESIGN §12), so two people
 * pressing at once are checked one after the other. The two-key form keeps it apart from the migration lock.
 */
export async function lockMedicationLogs(tx: Executor, userId: string, medicationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${userId}), hashtext(${medicationId}))`);
}

export async function getPillLog(db: Executor, id: string): Promise<PillLogRow | null> {
  const rows = await db.select().from(pillLogs).where(eq(pillLogs.id, id));
  return rows[0] ?? null;
}

/** One medication's logs of an account between two instants; `orUnassigned` adds the logs without a medication. */
export async function listMedicationLogsBetween(
  db: Executor,
  userId: string,
  medication: { id: string; orUnassigned: boolean },
  from: Date,
  to: Date,
): Promise<PillLogRow[]> {
  const ofMedication = medication.orUnassigned
    ? or(eq(pillLogs.medicationId, medication.id), isNull(pillLogs.medicationId))
    : eq(pillLogs.medicationId, medication.id);
  return db
    .select()
    .from(pillLogs)
    .where(and(eq(pillLogs.userId, userId), ofMedication, between(pillLogs.timestamp, from, to)));
}

/** Inserts the log unless its id exists; returns the stored row either way, and whether it is new. */
export async function insertPillLog(db: Executor, log: Omit<PillLogRow, "createdAt">): Promise<{ row: PillLogRow; created: boolean }> {
  const inserted = await db.insert(pillLogs).values(log).onConflictDoNothing({ target: pillLogs.id }).returning();
  if (inserted[0]) return { row: inserted[0], created: true };
  const existing = await db.select().from(pillLogs).where(eq(pillLogs.id, log.id));
  return { row: existing[0]!, created: false };
}

export async function deletePillLog(db: Executor, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(pillLogs)
    .where(and(eq(pillLogs.id, id), eq(pillLogs.userId, userId)))
    .returning({ id: pillLogs.id });
  return rows.length > 0;
}
