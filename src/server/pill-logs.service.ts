import { randomUUID } from "node:crypto";
import { duplicateDose, duplicateText, latestLogInstant } from "../domain/dose-guard.ts";
import { DEFAULT_MEDICATION_ID, getBuiltInMedication, logMedicationId } from "../domain/medications.ts";
import { dayWindow } from "../domain/zoned-time.ts";
import type { PillLogDto, PillLogsQuery, SavePillLogBody } from "../shared/api-schemas.ts";
import type { Db } from "./db/client.ts";
import { notifyAccount, type EventHub } from "./events.ts";
import { AppError } from "./http-error.ts";
import { LIMITS } from "./limits.ts";
import { medicationCatalogue } from "./medications.service.ts";
import {
  deletePillLog,
  getPillLog,
  insertPillLog,
  listMedicationLogsBetween,
  listPillLogs,
  lockMedicationLogs,
  type PillLogRow,
} from "./pill-logs.repository.ts";
import { requireAccess, type Actor, type SignedIn } from "./policy.ts";
import { getUser } from "./users.repository.ts";

export type Deps = { db: Db; now: () => Date; events: EventHub };

const DAY_MS = 24 * 60 * 60_000;

/** The name of a log's medication: its custom medication's, the built-in's, or 'Deleted medication'. */
function medicationNameOf(row: { medicationId: string | null }, customName: string | null): string {
  return customName ?? getBuiltInMedication(logMedicationId(row))?.name ?? "Deleted medication";
}

function mapPillLog(row: PillLogRow, medicationName: string): PillLogDto {
  return {
    id: row.id,
    userId: row.userId,
    timestamp: row.timestamp.toISOString(),
    createdAt: row.createdAt.toISOString(),
    loggedByUserId: row.loggedByUserId,
    loggedByName: row.loggedByName,
    medicationId: row.medicationId,
    medicationName,
    status: row.status,
    skipReason: row.skipReason,
  };
}

/** The account's zone; "today" and a history date mean that zone's day (DESIGN §6.2). The owner's comes with the session. */
async function accountZone(db: Db, actor: SignedIn, accountId: string): Promise<string> {
  const zone = actor.id === accountId ? actor.timeZone : (await getUser(db, accountId))?.timeZone;
  return zone ?? "UTC";
}

/**
 * SPEC §7 history: newest first, one local day in the owner's zone (`date`) or everything from `since`, optionally
 * of one medication. Bounded: `since` reaches back at most LIMITS.historyDays, and a read with neither covers that
 * many days. The query schema refuses `date` with `since`.
 */
export async function listPillHistory(deps: Deps, actor: Actor, accountId: string, query: PillLogsQuery): Promise<PillLogDto[]> {
  const { actor: me } = await requireAccess(deps.db, actor, accountId, "read");
  const earliest = new Date(deps.now().getTime() - LIMITS.historyDays * DAY_MS);
  const window = query.date ? dayWindow(query.date, await accountZone(deps.db, me, accountId)) : null;
  if (query.since && new Date(query.since) < earliest) {
    throw new AppError("pill-log.since-too-old", { days: LIMITS.historyDays });
  }
  const from = window?.start ?? (query.since ? new Date(query.since) : earliest);
  const rows = await listPillLogs(deps.db, accountId, { from, to: window?.end, medicationId: query.medicationId });
  return rows.map((r) => mapPillLog(r, medicationNameOf(r, r.customName)));
}

/** How far either side of a new dose the guard reads: enough for any fixed slot (the day either side) and minInterval. */
const GUARD_READ_MS = 2 * 24 * 60 * 60_000;

/**
 * Saves a dose or a skip for the account, recorded as logged by the signed-in actor (never by the request). The same
 * id twice gives one row: the second call answers the stored log. Under a lock on (account, medication), a log that
 * the domain's guard calls a duplicate is refused with a 409 naming it, unless `confirmDuplicate` (DESIGN §12).
 */
export async function savePillLog(
  deps: Deps,
  actor: Actor,
  accountId: string,
  body: SavePillLogBody,
): Promise<{ log: PillLogDto; created: boolean }> {
  const { actor: me } = await requireAccess(deps.db, actor, accountId, "log");
  const timestamp = new Date(body.timestamp);
  // A dose is taken now (a few minutes of clock drift); a skip names the dose it skips, which may be later (ADR 023).
  if (timestamp > latestLogInstant(body.status === "skipped" ? "skipped" : "taken", deps.now())) {
    throw new AppError(body.status === "skipped" ? "pill-log.skip-too-far" : "pill-log.future");
  }
  const catalogue = await medicationCatalogue(deps.db, accountId);
  const medication = catalogue.get(logMedicationId(body));
  if (!medication) throw new AppError("medication.unknown");
  const name = medication.name;
  const zone = await accountZone(deps.db, me, accountId);
  const id = body.id ?? randomUUID();
  // NOTE: inside the transaction every query goes through `tx`: a second pool connection could wait behind the lock.
  const { row, created } = await deps.db.transaction(async (tx) => {
    await lockMedicationLogs(tx, accountId, medication.id);
    const stored = await getPillLog(tx, id);
    if (stored) return { row: stored, created: false };
    if (!body.confirmDuplicate) {
      const near = await listMedicationLogsBetween(
        tx,
        accountId,
        { id: medication.id, orUnassigned: medication.id === DEFAULT_MEDICATION_ID },
        new Date(timestamp.getTime() - GUARD_READ_MS - medication.timingRules.minInterval * 60_000),
        new Date(timestamp.getTime() + GUARD_READ_MS + medication.timingRules.minInterval * 60_000),
      );
      const existing = duplicateDose(
        medication,
        near.map((r) => mapPillLog(r, name)),
        timestamp,
        zone,
      );
      if (existing) throw new AppError("pill-log.duplicate", { text: duplicateText(existing, zone) }).with({ existing });
    }
    const skipped = body.status === "skipped";
    return insertPillLog(tx, {
      id,
      userId: accountId,
      timestamp,
      loggedByUserId: me.id,
      loggedByName: me.name,
      medicationId: body.medicationId ?? null,
      status: skipped ? "skipped" : "taken",
      skipReason: skipped ? body.skipReason! : null,
    });
  });
  if (row.userId !== accountId) throw new AppError("pill-log.id-taken");
  if (created) await notifyAccount(deps, { accountId, kind: "pill-logs" });
  return { log: mapPillLog(row, catalogue.get(logMedicationId(row))?.name ?? medicationNameOf(row, null)), created };
}

export async function removePillLog(deps: Deps, actor: Actor, accountId: string, logId: string): Promise<void> {
  await requireAccess(deps.db, actor, accountId, "log");
  if (!(await deletePillLog(deps.db, accountId, logId))) throw new AppError("pill-log.not-found");
  await notifyAccount(deps, { accountId, kind: "pill-logs" });
}
