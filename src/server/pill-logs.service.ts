import { randomUUID } from "node:crypto";
import { dayWindow } from "../domain/zoned-time.ts";
import { getBuiltInMedication, logMedicationId } from "../domain/medications.ts";
import type { PillLogDto, PillLogsQuery, SavePillLogBody } from "../shared/api-schemas.ts";
import type { Db } from "./db/client.ts";
import { notifyAccount, type EventHub } from "./events.ts";
import { HttpError, notFound } from "./http-error.ts";
import { medicationCatalogue } from "./medications.service.ts";
import { deletePillLog, insertPillLog, listPillLogs, type PillLogRow } from "./pill-logs.repository.ts";
import { requireAccess, type Actor } from "./policy.ts";
import { getUser } from "./users.repository.ts";

export type Deps = { db: Db; now: () => Date; events: EventHub };

/** How far ahead of the server's clock a dose time may be (devices' clocks drift). */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

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
  };
}

/** The account's zone; "today" and a history date mean that zone's day (DESIGN §6.2). The owner's comes with the session. */
async function accountZone(db: Db, actor: NonNullable<Actor>, accountId: string): Promise<string> {
  const zone = actor.id === accountId ? actor.timeZone : (await getUser(db, accountId))?.timeZone;
  return zone ?? "UTC";
}

/** SPEC §7 history: newest first, optionally one local day in the owner's zone and one medication. */
export async function getPillHistory(deps: Deps, actor: Actor, accountId: string, query: PillLogsQuery): Promise<PillLogDto[]> {
  await requireAccess(deps.db, actor, accountId, "read");
  const window = query.date ? dayWindow(query.date, await accountZone(deps.db, actor!, accountId)) : null;
  const since = query.since ? new Date(query.since) : undefined;
  const from = window && since ? new Date(Math.min(window.start.getTime(), since.getTime())) : (window?.start ?? since);
  const rows = await listPillLogs(deps.db, accountId, { from, to: window?.end, medicationId: query.medicationId });
  return rows.map((r) => mapPillLog(r, medicationNameOf(r, r.customName)));
}

/**
 * Saves a dose for the account, recorded as logged by the signed-in actor (never by the request). The same id
 * twice gives one row: the second call answers the stored log.
 */
export async function savePillLog(
  deps: Deps,
  actor: Actor,
  accountId: string,
  body: SavePillLogBody,
): Promise<{ log: PillLogDto; created: boolean }> {
  await requireAccess(deps.db, actor, accountId, "log");
  const timestamp = new Date(body.timestamp);
  if (timestamp.getTime() > deps.now().getTime() + FUTURE_TOLERANCE_MS) throw new HttpError(400, "The dose time cannot be in the future");
  const catalogue = await medicationCatalogue(deps.db, accountId);
  if (body.medicationId && !catalogue.has(body.medicationId)) throw new HttpError(400, "Medication not found");
  const { row, created } = await insertPillLog(deps.db, {
    id: body.id ?? randomUUID(),
    userId: accountId,
    timestamp,
    loggedByUserId: actor!.id,
    loggedByName: actor!.name,
    medicationId: body.medicationId ?? null,
  });
  if (row.userId !== accountId) throw new HttpError(409, "This log id is already used");
  if (created) await notifyAccount(deps, { accountId, kind: "pill-logs" });
  return { log: mapPillLog(row, catalogue.get(logMedicationId(row))?.name ?? medicationNameOf(row, null)), created };
}

export async function removePillLog(deps: Deps, actor: Actor, accountId: string, logId: string): Promise<void> {
  await requireAccess(deps.db, actor, accountId, "log");
  if (!(await deletePillLog(deps.db, accountId, logId))) throw notFound("Log not found");
  await notifyAccount(deps, { accountId, kind: "pill-logs" });
}
