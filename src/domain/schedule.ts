import { logMedicationId, type MedicationConfig } from "./medications.ts";
import { MINUTE_MS, type DoseLog, type LocalDate, type TimeZone } from "./types.ts";
import { addLocalDays, atLocalTime, localDateOf, parseLocalTime } from "./zoned-time.ts";

/** SPEC §9: a fixed dose counts as taken by a log within 30 minutes either side. */
export const FIXED_MATCH_WINDOW_MS = 30 * MINUTE_MS;

export type FixedDose = { time: string; at: Date; taken: boolean };

/** The logs of one medication (a log with no medication is the built-in's). */
export function logsFor<T extends DoseLog>(medicationId: string, logs: readonly T[]): T[] {
  return logs.filter((l) => logMedicationId(l) === medicationId);
}

const ms = (log: DoseLog) => Date.parse(log.timestamp);

/** One fixed dose slot: the local day it belongs to, its "HH:MM" time and its instant. */
export type FixedSlot = { date: LocalDate; time: string; at: Date };

/** A day's fixed slots in time order; invalid and repeated times are dropped. Example: ["12:00", "08:00"] → 08:00, 12:00. */
export function fixedSlotsOn(date: LocalDate, fixedTimes: readonly string[], zone: TimeZone): FixedSlot[] {
  const times = [...new Set(fixedTimes)].filter((t) => parseLocalTime(t) !== null);
  return times.map((time) => ({ date, time, at: atLocalTime(date, time, zone) })).sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * The one slot rule, shared by the card and the history (docs/decisions/009 and 020): each log takes the nearest
 * slot within 30 minutes (of any day, so 00:10 takes yesterday's 23:50), else the next slot of its own local day
 * (an early dose), else none. `slots` must be in time order; the answer is each log's slot index, or -1.
 * Example, slots 08:00 and 12:00: logs at 07:00, 08:25, 10:00, 12:45 → [0, 0, 1, -1].
 */
export function matchLogsToSlots(slots: readonly FixedSlot[], logInstants: readonly number[], zone: TimeZone): number[] {
  const at = slots.map((s) => s.at.getTime());
  return logInstants.map((t) => {
    let lo = 0;
    let hi = at.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (at[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    // `lo` is the first slot at or after t. The nearest within the window wins; a tie goes to the earlier slot.
    let first = lo;
    while (first > 0 && t - at[first - 1]! <= FIXED_MATCH_WINDOW_MS) first--;
    let nearest = -1;
    for (let i = first; i < at.length && at[i]! - t <= FIXED_MATCH_WINDOW_MS; i++) {
      if (nearest < 0 || Math.abs(t - at[i]!) < Math.abs(t - at[nearest]!)) nearest = i;
    }
    if (nearest >= 0) return nearest;
    return lo < at.length && slots[lo]!.date === localDateOf(new Date(t), zone) ? lo : -1;
  });
}

/**
 * A fixed schedule's doses on a local day, each marked taken (SPEC §4) by a log within 30 minutes of it, or by an
 * early log after the previous dose (or from the start of the day). Each log takes one dose: the nearest within
 * 30 minutes, else the next one after it (docs/decisions/009-dose-rules.md); a skipped dose takes its slot too.
 * Example, times 08:00 and 12:00 — a log at 07:00 takes 08:00; 08:25 takes 08:00 only; 10:00 takes 12:00.
 */
export function fixedDosesOn(date: LocalDate, fixedTimes: readonly string[], logs: readonly DoseLog[], zone: TimeZone): FixedDose[] {
  // The neighbouring days' slots compete for logs near midnight, exactly as in the history.
  const slots = [-1, 0, 1].flatMap((d) => fixedSlotsOn(addLocalDays(date, d), fixedTimes, zone));
  const taken = new Set(matchLogsToSlots(slots, logs.map(ms), zone));
  return slots.flatMap((s, i) => (s.date === date ? [{ time: s.time, at: s.at, taken: taken.has(i) }] : []));
}

/**
 * The fixed dose ("YYYY-MM-DD HH:MM" of its scheduled day and time) that a log at `instant` takes, by the one slot
 * rule (matchLogsToSlots), with the days either side competing as in fixedDosesOn: [] when it takes none.
 * Example, times 00:00 and 12:00 in London — 2026-06-15 23:50 → ['2026-06-16 00:00']; 10:00 → ['2026-06-15 12:00'].
 */
export function fixedSlotsOf(instant: Date, fixedTimes: readonly string[], zone: TimeZone): string[] {
  const day = localDateOf(instant, zone);
  const slots = [-1, 0, 1].flatMap((d) => fixedSlotsOn(addLocalDays(day, d), fixedTimes, zone));
  const slot = slots[matchLogsToSlots(slots, [instant.getTime()], zone)[0]!];
  return slot ? [`${slot.date} ${slot.time}`] : [];
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
