import type { MedicationConfig } from "./medications.ts";
import { firstDoseTomorrow, fixedDosesOn, fixedNextDose, fixedOverdueDose, flexibleState, logsFor, type NextDose } from "./schedule.ts";
import { MINUTE_MS, type DoseLog, type TimeZone } from "./types.ts";
import { formatClock, localDateOf } from "./zoned-time.ts";

/** What a medication card's countdown panel shows (SPEC §2). */
export type CardState =
  { kind: "first-dose" } | { kind: "all-done" } | { kind: "next"; at: Date; tomorrow: boolean } | { kind: "overdue"; since: Date };

/**
 * The card's state at `now`. Fixed: overdue inside a missed dose's 30-minute window; all done once every time
 * today is taken; otherwise the next untaken time, moving to tomorrow's first after the day's last is missed.
 * Example: 4 logs of a dailyFrequency-4 medication today → 'all-done'.
 */
export function cardState(config: MedicationConfig, logs: readonly DoseLog[], now: Date, zone: TimeZone): CardState {
  if (config.scheduleType === "flexible") return flexibleState(config, logs, now, zone);
  const overdue = fixedOverdueDose(config, logs, now, zone);
  if (overdue) return { kind: "overdue", since: overdue.at };
  const today = fixedDosesOn(localDateOf(now, zone), config.fixedTimes, logsFor(config.id, logs), zone);
  if (today.every((d) => d.taken)) return { kind: "all-done" };
  const next = fixedNextDose(config, logs, now, zone) ?? firstDoseTomorrow(config, now, zone);
  return next ? { kind: "next", ...next } : { kind: "all-done" };
}

/** "01:05:09": whole hours (two digits or more), minutes, seconds of a duration. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(Math.abs(ms) / 1000));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

export type CardTexts = { title: string; time?: string; tomorrow?: "(Tomorrow)"; countdown?: string };

/**
 * SPEC §2's countdown panel texts. The countdown to a dose rounds up (it reads 00:00:00 exactly at the time);
 * time overdue rounds down ('+00:00:00' in the first second).
 * Example: next at 14:00, now 13:58:30 → {title: 'NEXT AT', time: '2:00 PM', countdown: '00:01:30'}.
 */
export function cardTexts(state: CardState, config: MedicationConfig, now: Date, zone: TimeZone): CardTexts {
  switch (state.kind) {
    case "first-dose":
      return { title: "READY FOR FIRST DOSE" };
    case "all-done":
      return { title: "ALL DONE FOR TODAY" };
    case "next": {
      const remaining = Math.ceil((state.at.getTime() - now.getTime()) / 1000) * 1000;
      return {
        title: `${config.displayConfig.timingLabel.toUpperCase()} AT`,
        time: formatClock(state.at, zone),
        ...(state.tomorrow ? { tomorrow: "(Tomorrow)" as const } : {}),
        countdown: formatDuration(remaining),
      };
    }
    case "overdue":
      return { title: "OVERDUE", time: formatClock(state.since, zone), countdown: `+${formatDuration(now.getTime() - state.since.getTime())}` };
  }
}

/** SPEC §9: the early-dose prompt appears when the next fixed dose is more than 60 minutes away. */
export const EARLY_DOSE_MS = 60 * MINUTE_MS;

/**
 * SPEC §4 logging flow step 2: for a fixed schedule, the dose the user would be taking early, or null.
 * It asks about SPEC §4's next dose only: none once the day's last time is missed (the user is late, not early;
 * the card's '(Tomorrow)' is a display choice), none while a dose is overdue (the user is taking that one).
 * Example: next 12:00, now 10:59 → the 12:00 dose; now 11:00 → null (exactly 60 minutes is not early);
 * 08:00 taken, 20:00 missed, now 21:00 → null.
 */
export function earlyDose(config: MedicationConfig, logs: readonly DoseLog[], now: Date, zone: TimeZone): NextDose | null {
  if (config.scheduleType !== "fixed") return null;
  if (fixedOverdueDose(config, logs, now, zone)) return null;
  const next = fixedNextDose(config, logs, now, zone);
  return next && next.at.getTime() - now.getTime() > EARLY_DOSE_MS ? next : null;
}

/**
 * The instant a skip from the card is stamped with: the dose the card shows (fixed: the overdue or next dose's time),
 * so it takes that dose's slot and no other; a flexible schedule's skip is "now".
 * Example, 08:00 and 12:00, 08:00 taken at 08:00, now 08:10 → 12:00 (not 08:10, which 08:00's slot would take).
 */
export function skipInstant(config: MedicationConfig, state: CardState, now: Date): Date {
  if (config.scheduleType !== "fixed") return now;
  if (state.kind === "next") return state.at;
  if (state.kind === "overdue") return state.since;
  return now;
}
