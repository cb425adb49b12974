import type { MedicationConfig } from "./medications.ts";
import { fixedSlotsOf, logsFor } from "./schedule.ts";
import { isSkipped, MINUTE_MS, type DoseLog, type TimeZone } from "./types.ts";
import { formatClock } from "./zoned-time.ts";

/** DESIGN §12's skip reasons offered on the card; any other short text is allowed too. */
export const SKIP_REASONS = ["Fasting or procedure", "Side effects", "Doctor advised", "Asleep"] as const;
/** The longest skip reason a person may type. */
export const MAX_SKIP_REASON_LENGTH = 200;

/** Today's list's text for a skip. Example: 'Side effects' → 'Skipped (Side effects)'. */
export function skippedText(reason: string | null | undefined): string {
  return reason?.trim() ? `Skipped (${reason.trim()})` : "Skipped";
}

/**
 * The double-dose guard (DESIGN §12, docs/decisions/019-dose-safety.md): the existing log of this medication that
 * makes a new one at `at` a duplicate, or null. A log is a duplicate when it is less than `minInterval` minutes away
 * (either side), or, for a fixed schedule, when it already took the same dose slot (the rule of fixedDosesOn).
 * Skips and doses count alike: a second entry for one slot contradicts the first whichever it is. The nearest wins.
 * Example, minInterval 60 — a dose at 09:02, a new one at 09:10 → the 09:02 log; at 10:02 → null (exactly 60).
 */
export function duplicateDose<T extends DoseLog>(config: MedicationConfig, logs: readonly T[], at: Date, zone: TimeZone): T | null {
  const t = at.getTime();
  const window = config.timingRules.minInterval * MINUTE_MS;
  const slots = config.scheduleType === "fixed" ? new Set(fixedSlotsOf(at, config.fixedTimes, zone)) : new Set<string>();
  const sameSlot = (log: T) => slots.size > 0 && fixedSlotsOf(new Date(log.timestamp), config.fixedTimes, zone).some((s) => slots.has(s));
  const gap = (log: T) => Math.abs(Date.parse(log.timestamp) - t);
  const clashes = logsFor(config.id, logs).filter((log) => gap(log) < window || sameSlot(log));
  return clashes.sort((a, b) => gap(a) - gap(b))[0] ?? null;
}

/**
 * The 409's message naming the entry already there, in the account's zone.
 * Example: Anna's dose at 9:02 → 'Already logged by Anna at 9:02 AM'; her skip → 'Already skipped by Anna at 9:02 AM (Asleep)'.
 */
export function duplicateText(existing: DoseLog & { loggedByName: string }, zone: TimeZone): string {
  const who = existing.loggedByName.trim() || "Unknown";
  const when = formatClock(existing.timestamp, zone);
  return isSkipped(existing)
    ? `Already skipped by ${who} at ${when}${existing.skipReason ? ` (${existing.skipReason})` : ""}`
    : `Already logged by ${who} at ${when}`;
}

/** A taken dose may be stamped at most this far ahead of the server's clock (devices' clocks drift). */
export const TAKEN_FUTURE_TOLERANCE_MS = 5 * MINUTE_MS;
/** A skip names the dose it skips, which may be later today or tomorrow's first (docs/decisions/023). */
export const SKIP_FUTURE_REACH_MS = 24 * 60 * MINUTE_MS;

/**
 * The latest instant a log of this status may carry at `now`: a dose is taken now (5 minutes of drift), a skip may
 * be of a dose still to come. Example, now 08:10 → taken until 08:15, skipped until 08:10 tomorrow.
 */
export function latestLogInstant(status: "taken" | "skipped", now: Date): Date {
  return new Date(now.getTime() + (status === "skipped" ? SKIP_FUTURE_REACH_MS : TAKEN_FUTURE_TOLERANCE_MS));
}
