import type { z } from "zod";
import { medicationConfigInput } from "../../../../domain/medication-config.schema.ts";
import type { Medication } from "../api/medications.ts";

/** The edit-medication form holds the API's own config (DESIGN §6.9): the shared schema checks it, no mapper. */
export type MedicationFormValues = z.input<typeof medicationConfigInput>;

export const NEW_MEDICATION: MedicationFormValues = {
  name: "",
  description: "",
  scheduleType: "fixed",
  fixedTimes: ["08:00"],
  timingRules: { minInterval: 60, recommendedInterval: 240, maxInterval: 720, dailyFrequency: 4 },
  foodRestriction: null,
  foodRequirement: null,
  foodAvoidance: null,
  displayConfig: { pillLabel: "", timingLabel: "Next" },
};

const EDITABLE = Object.keys(medicationConfigInput.shape) as Array<keyof MedicationFormValues>;

/** A saved medication as form values: its config without what the server owns (id, isDefault, dates). */
export function formValuesOf(med: Medication): MedicationFormValues {
  const values = Object.fromEntries(EDITABLE.filter((k) => med[k as keyof Medication] !== undefined).map((k) => [k, med[k as keyof Medication]]));
  const fixedTimes = med.fixedTimes.length ? med.fixedTimes : NEW_MEDICATION.fixedTimes;
  return { ...NEW_MEDICATION, ...values, fixedTimes, description: med.description ?? "" } as MedicationFormValues;
}
