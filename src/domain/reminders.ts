import { foodReminder, restrictionLabel } from "./food.ts";
import type { MedicationConfig } from "./medications.ts";
import { fixedDosesOn, flexibleState, logsFor } from "./schedule.ts";
import { MINUTE_MS, type DoseLog, type TimeZone } from "./types.ts";
import { addLocalDays, dayWindow, formatClock, localDateOf } from "./zoned-time.ts";

/** DESIGN §11's reminder kinds; a snoozed reminder comes back as `snooze`. */
export type ReminderKind = "pre-dose" | "dose-due" | "follow-up-10" | "follow-up-30" | "food" | "snooze";

/** Which kinds an account wants (reminder_settings); a follow-up switch covers both +10 and +30. */
export type ReminderSettings = { doseDue: boolean; preDose: boolean; followUp: boolean; food: boolean };
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = { doseDue: true, preDose: true, followUp: true, food: true };

/** A reminder the person asked to hear again ("Snooze 10 min"): the snoozed reminder's key and when. */
export type Snooze = { key: string; until: Date };

export type Reminder = {
  /** `{accountId}:{medicationId}:{dose instant ISO}:{kind}`, the same on every call and every server. */
  key: string;
  /** The dose it is about, `{accountId}:{medicationId}:{dose instant ISO}`: one notification per dose. */
  doseKey: string;
  accountId: string;
  medicationId: string;
  kind: ReminderKind;
  doseAt: Date;
  at: Date;
  text: string;
};

/** A reminder found more than this late (the servers were down) is dropped, not sent late (DESIGN §11). */
export const REMINDER_LATE_LIMIT_MS = 10 * MINUTE_MS;
export const FOLLOW_UP_MINUTES = [10, 30] as const;
/** How long after its time a dose can still have a reminder: the last follow-up, snoozed up to 60 minutes, twice. */
const DOSE_REACH_MS = 3 * 60 * MINUTE_MS;

/** The dose a reminder or alert is about, `{accountId}:{medicationId}:{dose instant ISO}`: the notification tag. */
export const doseKeyOf = (accountId: string, medicationId: string, doseAt: Date) => `${accountId}:${medicationId}:${doseAt.toISOString()}`;

/**
 * The instants of a medication's doses that are still to be taken: today's untaken fixed times (and tomorrow's, and
 * yesterday's while `now` is less than `reachMs` into today, for messages that cross midnight), or a flexible
 * schedule's next dose. A logged or skipped dose is not pending: it took its slot.
 * Example, times 08:00 and 12:00, 08:00 taken, now 09:00 → [12:00 today, 08:00 and 12:00 tomorrow].
 */
export function pendingDoses(config: MedicationConfig, logs: readonly DoseLog[], now: Date, zone: TimeZone, reachMs = DOSE_REACH_MS): Date[] {
  if (config.scheduleType === "flexible") {
    const state = flexibleState(config, logs, now, zone);
    // Tomorrow starts afresh with its first dose, so a next dose past midnight is nobody's reminder.
    if (state.kind === "next" && !state.tomorrow) return [state.at];
    if (state.kind === "overdue") return [state.since];
    return [];
  }
  const mine = logsFor(config.id, logs);
  const today = localDateOf(now, zone);
  // Yesterday's doses can still have reminders only in the first hours of today (a 23:50 dose's follow-ups).
  const early = now.getTime() - dayWindow(today, zone).start.getTime() < reachMs;
  return (early ? [-1, 0, 1] : [0, 1]).flatMap((offset) => {
    const doses = fixedDosesOn(addLocalDays(today, offset), config.fixedTimes, mine, zone);
    // NOTE: on a spring-forward day two times can become one instant (London 01:00 → 02:00); one log takes it.
    const taken = new Set(doses.filter((d) => d.taken).map((d) => d.at.getTime()));
    return doses.filter((d) => !taken.has(d.at.getTime())).map((d) => d.at);
  });
}

/** The food a pre-dose reminder names: "protein", "dairy", or a custom restriction's own words. */
function restrictionWord(r: NonNullable<MedicationConfig["foodRestriction"]>): string {
  return r.type === "custom" ? restrictionLabel(r) : restrictionLabel(r).toLowerCase();
}

function remindersOfDose(accountId: string, config: MedicationConfig, doseAt: Date, settings: ReminderSettings, zone: TimeZone): Reminder[] {
  const pill = config.displayConfig.pillLabel;
  const clock = formatClock(doseAt, zone);
  const doseKey = doseKeyOf(accountId, config.id, doseAt);
  const out: Reminder[] = [];
  const add = (kind: ReminderKind, at: Date, text: string) =>
    out.push({ key: `${doseKey}:${kind}`, doseKey, accountId, medicationId: config.id, kind, doseAt, at, text });
  const before = config.foodRestriction?.before_minutes ?? 0;
  if (settings.preDose && config.foodRestriction && before > 0)
    add(
      "pre-dose",
      new Date(doseAt.getTime() - before * MINUTE_MS),
      `Finish any ${restrictionWord(config.foodRestriction)} now: ${pill} at ${clock}`,
    );
  if (settings.food) {
    const food = foodReminder(config, doseAt, zone);
    const lead = config.foodRequirement?.enabled ? config.foodRequirement.remind_minutes_before : config.foodAvoidance?.remind_minutes_before;
    // Only the SPEC §4 reminder with a time has a moment of its own; the other one is the card's standing line.
    if (food && lead && food.text.startsWith("Remember to eat something by")) add("food", new Date(doseAt.getTime() - lead * MINUTE_MS), food.text);
  }
  if (settings.doseDue) add("dose-due", doseAt, `Time for your ${pill} (${clock})`);
  if (settings.followUp)
    for (const late of FOLLOW_UP_MINUTES) add(`follow-up-${late}`, new Date(doseAt.getTime() + late * MINUTE_MS), `${pill} is ${late} minutes late`);
  return out;
}

/**
 * DESIGN §11: every reminder still to send for an account at `now`, soonest first — those due from 10 minutes ago
 * on (older ones are dropped) — each with its stable key. A logged or skipped dose has none left: its slot is taken.
 * Example: levodopa (every 240 min, protein 60 min before) logged at 08:00, now 08:05 → pre-dose at 11:00 'Finish any
 * protein now: Carbidopa-levodopa at 12:00 PM', dose-due at 12:00, follow-ups at 12:10 and 12:30.
 */
export function upcomingReminders(
  medications: readonly MedicationConfig[],
  logs: readonly DoseLog[],
  settings: ReminderSettings,
  now: Date,
  zone: TimeZone,
  account: { id: string; snoozes?: readonly Snooze[] },
): Reminder[] {
  const all: Reminder[] = [];
  // NOTE: the scheduler runs this for every due account; a dose long past has nothing left, so skip its texts.
  const oldest = now.getTime() - DOSE_REACH_MS;
  for (const config of medications)
    for (const doseAt of pendingDoses(config, logs, now, zone))
      if (doseAt.getTime() >= oldest) all.push(...remindersOfDose(account.id, config, doseAt, settings, zone));
  // NOTE: two fixed times can be one instant on a spring-forward day (02:00 moves to 03:00): one dose, one set.
  const byKey = new Map(all.map((r) => [r.key, r]));
  all.splice(0, all.length, ...byKey.values());
  // Oldest first, so that a snoozed reminder snoozed again finds its predecessor.
  for (const s of [...(account.snoozes ?? [])].sort((a, b) => a.until.getTime() - b.until.getTime())) {
    const original = byKey.get(s.key);
    // A snooze of a dose that has since been logged finds no reminder left to repeat.
    if (!original) continue;
    const again: Reminder = { ...original, key: `${original.doseKey}:snooze-${s.until.getTime()}`, kind: "snooze", at: s.until };
    all.push(again);
    byKey.set(again.key, again);
  }
  const from = now.getTime() - REMINDER_LATE_LIMIT_MS;
  return all.filter((r) => r.at.getTime() >= from).sort((a, b) => a.at.getTime() - b.at.getTime() || a.key.localeCompare(b.key));
}

/** The parts of a reminder key, or null when it is not one. Example: "u1:carbidopa-levodopa:2026-06-15T16:00:00.000Z:dose-due" → {accountId: "u1", …}. */
export function parseReminderKey(key: string): { accountId: string; medicationId: string; doseAt: Date; kind: string } | null {
  const m = /^([^:]+):([^:]+):(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z):([a-z0-9-]+)$/.exec(key);
  if (!m) return null;
  const doseAt = new Date(m[3]!);
  return Number.isNaN(doseAt.getTime()) ? null : { accountId: m[1]!, medicationId: m[2]!, doseAt, kind: m[4]! };
}
