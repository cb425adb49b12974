import { logMedicationId, type FoodRestrictionType, type MedicationConfig } from "./medications.ts";
import { isSkipped, MINUTE_MS, type DoseLog, type TimeZone } from "./types.ts";
import { formatClock } from "./zoned-time.ts";

/** SPEC §1 eat-status colours. */
export const CAN_EAT_COLOR = "#10B981";
export const CANNOT_EAT_COLOR = "#EF4444";

const LABELS: Record<Exclude<FoodRestrictionType, "custom">, string> = {
  protein: "PROTEIN",
  empty_stomach: "FOOD",
  no_dairy: "DAIRY",
  no_caffeine: "CAFFEINE",
};

/** SPEC §4: protein → PROTEIN, empty_stomach → FOOD, no_dairy → DAIRY, no_caffeine → CAFFEINE, custom → its description. */
export function restrictionLabel(r: NonNullable<MedicationConfig["foodRestriction"]>): string {
  if (r.type === "custom") return r.custom_description?.trim() || "restricted food";
  return LABELS[r.type];
}

export type ActiveRestriction = { medicationId: string; label: string; until: Date };
export type FoodBanner =
  | { state: "cannot-eat"; color: typeof CANNOT_EAT_COLOR; lines: string[]; restrictions: ActiveRestriction[] }
  | { state: "can-eat"; color: typeof CAN_EAT_COLOR; lines: [string] };

/**
 * A medication's restriction is active while a dose's time + after_minutes is still ahead; it lasts until the
 * latest such end. Any log counts, not only today's: a dose at 23:30 still forbids protein at 00:10. A skipped dose
 * was not taken, so it restricts nothing (DESIGN §12).
 */
export function activeRestrictions(meds: readonly MedicationConfig[], logs: readonly DoseLog[], now: Date): ActiveRestriction[] {
  const active: ActiveRestriction[] = [];
  for (const med of meds) {
    const r = med.foodRestriction;
    if (!r) continue;
    const ends = logs
      .filter((l) => logMedicationId(l) === med.id && !isSkipped(l))
      .map((l) => Date.parse(l.timestamp) + r.after_minutes * MINUTE_MS)
      .filter((end) => end > now.getTime());
    if (ends.length) active.push({ medicationId: med.id, label: restrictionLabel(r), until: new Date(Math.max(...ends)) });
  }
  return active.sort((a, b) => a.until.getTime() - b.until.getTime());
}

const list = (items: string[]) => new Intl.ListFormat("en", { style: "long", type: "conjunction" }).format(items);

/**
 * SPEC §4 food banner, DESIGN §6.4 colours: red with one line per active restriction (soonest end first), else
 * green 'You can eat anything', naming the kinds that are restricted at other times.
 * Example: levodopa logged at 13:00 (60 min after) → at 13:30 'You can NOT eat PROTEIN until 2:00 PM'; at 14:00
 * 'You can eat anything, including PROTEIN'.
 */
export function foodBanner(meds: readonly MedicationConfig[], logs: readonly DoseLog[], now: Date, zone: TimeZone): FoodBanner {
  const restrictions = activeRestrictions(meds, logs, now);
  if (restrictions.length)
    return {
      state: "cannot-eat",
      color: CANNOT_EAT_COLOR,
      restrictions,
      lines: restrictions.map((r) => `You can NOT eat ${r.label} until ${formatClock(r.until, zone)}`),
    };
  const kinds = [...new Set(meds.flatMap((m) => (m.foodRestriction ? [restrictionLabel(m.foodRestriction)] : [])))];
  return {
    state: "can-eat",
    color: CAN_EAT_COLOR,
    lines: [kinds.length ? `You can eat anything, including ${list(kinds)}` : "You can eat anything"],
  };
}

export type FoodReminder = { text: string; customMessage?: string };

/**
 * SPEC §4 food reminders. With a dose time and a lead: 'Remember to eat something by {time} before your next
 * {medication}'; otherwise 'Remember to take {medication} WITH food' and the custom message. A full_stomach
 * avoidance with remind_to_eat is a reminder only when the medication has no restriction and no requirement.
 */
export function foodReminder(config: MedicationConfig, nextDoseAt: Date | null, zone: TimeZone): FoodReminder | null {
  const pill = config.displayConfig.pillLabel;
  const requirement = config.foodRequirement?.enabled ? config.foodRequirement : null;
  const avoidance = config.foodAvoidance;
  const fromAvoidance =
    !requirement && !config.foodRestriction && !config.foodRequirement && avoidance?.type === "full_stomach" && avoidance.remind_to_eat;
  if (!requirement && !fromAvoidance) return null;
  const lead = requirement ? (requirement.reminder_enabled ? requirement.remind_minutes_before : undefined) : avoidance?.remind_minutes_before;
  if (nextDoseAt && lead !== undefined && lead > 0) {
    const by = new Date(nextDoseAt.getTime() - lead * MINUTE_MS);
    return { text: `Remember to eat something by ${formatClock(by, zone)} before your next ${pill}` };
  }
  const custom = (requirement ? requirement.custom_message : avoidance?.custom_description)?.trim();
  return { text: `Remember to take ${pill} WITH food`, ...(custom ? { customMessage: custom } : {}) };
}
