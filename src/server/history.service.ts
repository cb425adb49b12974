import { parseAlertKey } from "../domain/alerts.ts";
import { adherence, withDoseAlerts, type DoseAlert, type MedicationVersion, type TrackedPeriod } from "../domain/adherence.ts";
import { BUILT_IN_MEDICATIONS, DEFAULT_MEDICATION_ID, type MedicationConfig } from "../domain/medications.ts";
import { addLocalDays, dayWindow } from "../domain/zoned-time.ts";
import type { AdherenceDto, HistoryRangeQuery } from "../shared/api-schemas.ts";
import type { Db } from "./db/client.ts";
import { AppError } from "./http-error.ts";
import { listSentAlerts } from "./alerts.repository.ts";
import { getMedicationIds } from "./medications.repository.ts";
import { firstLogByMedication, listHistoryLogs, listMedicationVersions, listTrackedPeriods } from "./history.repository.ts";
import { requireAccess, type Actor } from "./policy.ts";
import { adherenceCsv, adherencePdf } from "./history.report.ts";
import { getUser } from "./users.repository.ts";

export type Deps = { db: Db; now: () => Date };

/** Built-in medications have had the catalogue's config forever. */
const SINCE_EVER = new Date(0).toISOString();

/**
 * The account's adherence over a range of its local days (DESIGN §13): every medication it ever had, each config
 * with the instant it took effect, and when each was tracked. Logs from the day before count (a dose just after
 * midnight, the interval from the previous dose).
 */
export async function requireAdherence(deps: Deps, actor: Actor, accountId: string, range: HistoryRangeQuery): Promise<AdherenceDto> {
  await requireAccess(deps.db, actor, accountId, "read");
  const owner = await getUser(deps.db, accountId);
  if (!owner) throw new AppError("account.not-found");
  const zone = owner.timeZone ?? "UTC";
  const [versionRows, tracked, firstLogs, stored, logs] = await Promise.all([
    listMedicationVersions(deps.db, accountId),
    listTrackedPeriods(deps.db, accountId),
    firstLogByMedication(deps.db, accountId),
    getMedicationIds(deps.db, accountId),
    listHistoryLogs(deps.db, accountId, dayWindow(addLocalDays(range.from, -2), zone).start, dayWindow(addLocalDays(range.to, 1), zone).end),
  ]);
  const meds = new Map<string, { id: string; versions: MedicationVersion[]; tracked: TrackedPeriod[]; firstLogAt: string | null }>();
  const entry = (id: string) => {
    let m = meds.get(id);
    if (!m) meds.set(id, (m = { id, versions: [], tracked: tracked.get(id) ?? [], firstLogAt: firstLogs.get(id) ?? null }));
    return m;
  };
  for (const builtIn of BUILT_IN_MEDICATIONS) entry(builtIn.id).versions = [{ validFrom: SINCE_EVER, config: builtIn }];
  for (const row of versionRows) {
    const config = { ...(row.config as MedicationConfig), id: row.medicationId, isDefault: false };
    entry(row.medicationId).versions.push({ validFrom: row.validFrom.toISOString(), config });
  }
  // Logs saved without a medication are the built-in's; an account that never stored a list tracks the built-in.
  const builtIn = entry(DEFAULT_MEDICATION_ID);
  const unnamedFirst = firstLogs.get("");
  if (unnamedFirst && (!builtIn.firstLogAt || unnamedFirst < builtIn.firstLogAt)) builtIn.firstLogAt = unnamedFirst;
  if (stored === null && builtIn.tracked.length === 0) builtIn.tracked = [{ from: owner.createdAt.toISOString(), until: null }];
  const result = adherence([...meds.values()], logs, range.from, range.to, zone, deps.now());
  const alerts = await rangeAlerts(deps.db, accountId, dayWindow(range.from, zone).start, dayWindow(range.to, zone).end);
  return { ...withDoseAlerts(result, alerts), accountName: owner.name };
}

/** The missed-dose alerts sent about the range's doses (an alert comes up to 240 minutes after its dose). */
async function rangeAlerts(db: Db, accountId: string, from: Date, to: Date): Promise<DoseAlert[]> {
  const rows = await listSentAlerts(db, accountId, from, new Date(to.getTime() + 5 * 60 * 60_000));
  return rows.flatMap((r) => {
    const key = parseAlertKey(r.key);
    if (!key || key.doseAt < from || key.doseAt >= to) return [];
    return [
      {
        medicationId: key.medicationId,
        doseAt: key.doseAt.toISOString(),
        caregiverName: r.recipientName,
        channel: (r.channel ?? "none") as DoseAlert["channel"],
        sentAt: r.sentAt!.toISOString(),
        acknowledgedByName: r.acknowledgedByName,
        acknowledgedAt: r.acknowledgedAt?.toISOString() ?? null,
      },
    ];
  });
}

/** The same range as a CSV file (DESIGN §13). */
export async function requireAdherenceCsv(deps: Deps, actor: Actor, accountId: string, range: HistoryRangeQuery): Promise<string> {
  return adherenceCsv(await requireAdherence(deps, actor, accountId, range));
}

/** The same range as the neurologist's PDF report (DESIGN §13). */
export async function requireAdherencePdf(deps: Deps, actor: Actor, accountId: string, range: HistoryRangeQuery): Promise<Uint8Array> {
  return adherencePdf(await requireAdherence(deps, actor, accountId, range), deps.now());
}

/** `dosetime-history-2026-05-01-to-2026-05-30.csv` */
export const reportFileName = (range: HistoryRangeQuery, ext: "csv" | "pdf") => `dosetime-history-${range.from}-to-${range.to}.${ext}`;
