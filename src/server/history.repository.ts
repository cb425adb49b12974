import { and, asc, between, eq, min, sql } from "drizzle-orm";
import type { HistoryLog, TrackedPeriod } from "../domain/adherence.ts";
import type { Executor } from "./db/client.ts";
import { customMedicationVersions, medicationTracking, pillLogs } from "./db/schema.ts";

export type VersionRow = typeof customMedicationVersions.$inferSelect;

/** Every kept config of the account's custom medications (deleted ones included), oldest first. */
export async function listMedicationVersions(db: Executor, userId: string): Promise<VersionRow[]> {
  return db
    .select()
    .from(customMedicationVersions)
    .where(eq(customMedicationVersions.userId, userId))
    .orderBy(asc(customMedicationVersions.validFrom));
}

/** When each medication was on in the account's list, by medication id. */
export async function listTrackedPeriods(db: Executor, userId: string): Promise<Map<string, TrackedPeriod[]>> {
  const rows = await db.select().from(medicationTracking).where(eq(medicationTracking.userId, userId)).orderBy(asc(medicationTracking.trackedFrom));
  const byMed = new Map<string, TrackedPeriod[]>();
  for (const r of rows) {
    byMed.set(r.medicationId, [
      ...(byMed.get(r.medicationId) ?? []),
      { from: r.trackedFrom.toISOString(), until: r.trackedUntil?.toISOString() ?? null },
    ]);
  }
  return byMed;
}

/** The earliest log of each medication ('' for logs saved without one), for DESIGN §13's first counted day. */
export async function firstLogByMedication(db: Executor, userId: string): Promise<Map<string, string>> {
  const medicationId = sql<string>`coalesce(${pillLogs.medicationId}, '')`;
  const rows = await db
    .select({ medicationId, first: min(pillLogs.timestamp) })
    .from(pillLogs)
    .where(eq(pillLogs.userId, userId))
    .groupBy(medicationId);
  return new Map(rows.map((r) => [r.medicationId, r.first!.toISOString()]));
}

/**
 * The account's logs between two instants, oldest first, with who logged them and whether the dose was taken or
 * skipped (pill_logs.status and skip_reason, DESIGN §12). On the (user_id, timestamp) index.
 */
export async function listHistoryLogs(db: Executor, userId: string, from: Date, to: Date): Promise<HistoryLog[]> {
  const rows = await db
    .select({
      id: pillLogs.id,
      timestamp: pillLogs.timestamp,
      medicationId: pillLogs.medicationId,
      loggedByUserId: pillLogs.loggedByUserId,
      loggedByName: pillLogs.loggedByName,
      status: pillLogs.status,
      skipReason: pillLogs.skipReason,
    })
    .from(pillLogs)
    .where(and(eq(pillLogs.userId, userId), between(pillLogs.timestamp, from, to)))
    .orderBy(asc(pillLogs.timestamp), asc(pillLogs.id));
  return rows.map((r) => ({ ...r, timestamp: r.timestamp.toISOString() }));
}
