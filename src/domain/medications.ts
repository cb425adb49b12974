import type { Minutes } from "./types.ts";

/** SPEC §3 medication config fields. */
export type ScheduleType = "fixed" | "flexible";
export type FoodRestrictionType = "protein" | "no_dairy" | "no_caffeine" | "empty_stomach" | "custom";
export type FoodAvoidanceType = "none" | FoodRestrictionType | "full_stomach";

export type MedicationConfig = {
  id: string;
  name: string;
  description: string;
  isDefault: boolean;
  scheduleType: ScheduleType;
  /** "HH:MM" times of a fixed schedule. */
  fixedTimes: string[];
  timingRules: { minInterval: Minutes; maxInterval: Minutes; recommendedInterval: Minutes; dailyFrequency: number };
  avoidance?: { type: string; durationMinutes: Minutes } | null;
  foodRestriction?: { type: FoodRestrictionType; before_minutes: Minutes; after_minutes: Minutes; custom_description?: string } | null;
  foodAvoidance?: {
    type: FoodAvoidanceType;
    after_minutes?: Minutes;
    remind_to_eat?: boolean;
    remind_minutes_before?: Minutes;
    custom_description?: string;
  } | null;
  foodRequirement?: { enabled: boolean; reminder_enabled?: boolean; remind_minutes_before?: Minutes; custom_message?: string } | null;
  displayConfig: { pillLabel: string; timingLabel: string };
};

export const DEFAULT_MEDICATION_ID = "carbidopa-levodopa";

/** The built-in catalogue, exactly as SPEC §3 gives it. */
export const BUILT_IN_MEDICATIONS: readonly MedicationConfig[] = [
  {
    id: DEFAULT_MEDICATION_ID,
    name: "Carbidopa-levodopa. 4xDay every 4 hours. Protein avoidance 1 hour before & after.",
    description: "Medication for Parkinson's disease",
    isDefault: true,
    scheduleType: "flexible",
    fixedTimes: [],
    timingRules: { minInterval: 60, maxInterval: 720, recommendedInterval: 240, dailyFrequency: 4 },
    foodRestriction: { type: "protein", before_minutes: 60, after_minutes: 60 },
    displayConfig: { pillLabel: "Carbidopa-levodopa", timingLabel: "Next" },
  },
];

export function getBuiltInMedication(id: string): MedicationConfig | null {
  return BUILT_IN_MEDICATIONS.find((m) => m.id === id) ?? null;
}

/**
 * A user's tracked list, from what is stored: a legacy single `medicationId` becomes the list; duplicates and
 * blanks go. Example: {medicationId: "carbidopa-levodopa"} → ["carbidopa-levodopa"].
 */
export function normalizeMedicationIds(stored: { medicationIds?: readonly string[] | null; medicationId?: string | null }): string[] {
  const ids = stored.medicationIds && stored.medicationIds.length > 0 ? stored.medicationIds : stored.medicationId ? [stored.medicationId] : [];
  return [...new Set(ids.map((id) => id.trim()).filter(Boolean))];
}

/**
 * SPEC §4 toggle rule: switching one off never leaves the list empty; the built-in takes its place.
 * Example: toggle(["abc…uuid"], "abc…uuid", false) → ["carbidopa-levodopa"].
 */
export function toggleMedication(ids: readonly string[], id: string, on: boolean): string[] {
  if (on) return ids.includes(id) ? [...ids] : [...ids, id];
  const rest = ids.filter((x) => x !== id);
  return rest.length > 0 ? rest : [DEFAULT_MEDICATION_ID];
}

/** Cards are sorted by name (SPEC §2), case- and accent-insensitively. */
export function sortByName<T extends { name: string }>(meds: readonly T[]): T[] {
  return [...meds].sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }));
}

/** The log's medication: a log saved without one is the built-in medication's. */
export function logMedicationId(log: { medicationId?: string | null }): string {
  return log.medicationId || DEFAULT_MEDICATION_ID;
}
