import { logMedicationId, type MedicationConfig } from "./medications.ts";
import { MINUTE_MS, type DoseLog, type LocalDate, type TimeZone } from "./types.ts";
import { addLocalDays, atLocalTime, dayWindow, localDateOf, parseLocalTime } from "./zoned-time.ts";

/** SPEC §9: a fixed dose counts as taken by a log within 30 minutes either side. */
export const FIXED_MATCH_WINDOW_MS = 30 * MINUTE_MS;

export type FixedDose = { time: string; at: Date; taken: boolean };

/** The logs of one medication (a log with no medication is the built-in's). */
export function logsFor(medicationId: string, logs: readonly DoseLog[]): DoseLog[] {
  return logs.filter((l) => logMedicationId(l) === medicationId);
}

const ms = (log: DoseLog) => Date.parse(log.timestamp);

/**
 * A fixed schedule's doses on a local day, each marked taken (SPEC §4) by a log within 30 minutes of it, or by an
 * early log after the previous dose (or from the start of the day). Each log takes one dose: the nearest within
 * 30 minutes, else the next one after it (docs/decisions/009-dose-rules.md).
 * Example, times 08:00 and 12:00 — a log at 07:00 takes 08:00; 08:25 takes 08:00 only; 10:00 takes 12:00.
 */
export function fixedDosesOn(date: LocalDate, fixedTimes: readonly string[], logs: readonly DoseLog[], zone: TimeZone): FixedDose[] {
  const times = [...new Set(fixedTimes)].filter((t) => parseLocalTime(t) !== null);
  const doses = times.map((time) => ({ time, at: atLocalTime(date, time, zone), taken: false })).sort((a, b) => a.at.getTime() - b.at.getTime());
  const dayStart = dayWindow(date, zone).start.getTime();
  for (const t of logs.map(ms)) {
    let nearest: (typeof doses)[number] | undefined;
    for (const d of doses) {
      const gap = Math.abs(t - d.at.getTime());
      if (gap <= FIXED_MATCH_WINDOW_MS && (!nearest || gap < Math.abs(t - nearest.at.getTime()))) nearest = d;
    }
    const early = t >= dayStart ? doses.find((d) => d.at.getTime() >= t) : undefined;
    const dose = nearest ?? early;
    if (dose) dose.taken = true;
  }
  return doses;
}

export type NextDose = { at: Date; tomorrow: boolean };

/**
 * SPEC §4 next fixed dose: the first future time today not taken; when every time today is taken, the first
 * time tomorrow; otherwise none. Example: 08:00 and 20:00 both taken, now 21:00 → 08:00 tomorrow.
 */
export function fixedNextDose(config: MedicationConfig, logs: readonly DoseLog[], now: Date, zone: TimeZone): NextDose | null {
  const today = localDateOf(now, zone);
  const doses = fixedDosesOn(today, config.fixedTimes, logsFor(config.id, logs), zone);
  const next = doses.find((d) => d.at.getTime() > now.getTime() && !d.taken);
  if (next) return { at: next.at, tomorrow: false };
  if (doses.length > 0 && doses.every((d) => d.taken)) return firstDoseTomorrow(config, now, zone);
  return null;
}

/** The first fixed time of tomorrow (local), or null for an empty schedule. */
export function firstDoseTomorrow(config: MedicationConfig, now: Date, zone: TimeZone): NextDose | null {
  const first = fixedDosesOn(addLocalDays(localDateOf(now, zone), 1), config.fixedTimes, [], zone)[0];
  return first ? { at: first.at, tomorrow: true } : null;
}

/**
 * DESIGN §6.3: a fixed dose is overdue while its time has passed, it is not taken, and it is still inside its
 * 30-minute window. Example: 08:00 untaken, now 08:29 → the 08:00 dose; now 08:31 → null.
 */
export function fixedOverdueDose(config: MedicationConfig, logs: readonly DoseLog[], now: Date, zone: TimeZone): FixedDose | null {
  const doses = fixedDosesOn(localDateOf(now, zone), config.fixedTimes, logsFor(config.id, logs), zone);
  const t = now.getTime();
  return doses.find((d) => !d.taken && d.at.getTime() < t && t - d.at.getTime() <= FIXED_MATCH_WINDOW_MS) ?? null;
}

/** Today's logs of a medication, in the zone's local day. */
export function logsToday(medicationId: string, logs: readonly DoseLog[], now: Date, zone: TimeZone): DoseLog[] {
  const today = localDateOf(now, zone);
  return logsFor(medicationId, logs).filter((l) => localDateOf(l.timestamp, zone) === today);
}

export type FlexibleState =
  { kind: "first-dose" } | { kind: "all-done" } | { kind: "next"; at: Date; tomorrow: boolean } | { kind: "overdue"; since: Date };

/**
 * SPEC §4 flexible schedule: no logs today → first dose; dailyFrequency logs → complete; otherwise the last log
 * + recommendedInterval, overdue once that has passed (DESIGN §6.3).
 * Example (every 240 min, 4 a day): one log at 08:00, now 11:00 → next at 12:00; now 12:01 → overdue since 12:00.
 */
export function flexibleState(config: MedicationConfig, logs: readonly DoseLog[], now: Date, zone: TimeZone): FlexibleState {
  const today = logsToday(config.id, logs, now, zone);
  if (today.length === 0) return { kind: "first-dose" };
  if (today.length >= config.timingRules.dailyFrequency) return { kind: "all-done" };
  const last = Math.max(...today.map(ms));
  const at = new Date(last + config.timingRules.recommendedInterval * MINUTE_MS);
  if (now.getTime() > at.getTime()) return { kind: "overdue", since: at };
  return { kind: "next", at, tomorrow: localDateOf(at, zone) !== localDateOf(now, zone) };
}
