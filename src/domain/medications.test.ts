import { describe, expect, it } from "vitest";
import { medicationConfigErrors, medicationConfigInput } from "./medication-config.schema.ts";
import { BUILT_IN_MEDICATIONS, DEFAULT_MEDICATION_ID, logMedicationId, normalizeMedicationIds, sortByName, toggleMedication } from "./medications.ts";

const uuid = "3f2c8a9e-4b7d-4e21-9c3a-5d6e7f8a9b0c";

describe("the built-in catalogue (SPEC §3)", () => {
  it("holds carbidopa-levodopa exactly as SPEC gives it", () => {
    expect(BUILT_IN_MEDICATIONS).toEqual([
      {
        id: "carbidopa-levodopa",
        name: "Carbidopa-levodopa. 4xDay every 4 hours. Protein avoidance 1 hour before & after.",
        description: "Medication for Parkinson's disease",
        isDefault: true,
        scheduleType: "flexible",
        fixedTimes: [],
        timingRules: { minInterval: 60, maxInterval: 720, recommendedInterval: 240, dailyFrequency: 4 },
        foodRestriction: { type: "protein", before_minutes: 60, after_minutes: 60 },
        displayConfig: { pillLabel: "Carbidopa-levodopa", timingLabel: "Next" },
      },
    ]);
  });

  it("passes its own config schema", () => {
    const { id: _id, isDefault: _d, ...config } = BUILT_IN_MEDICATIONS[0]!;
    expect(medicationConfigErrors(config)).toEqual({});
  });
});

describe("the user's medication list (SPEC §4)", () => {
  it("migrates a legacy single medicationId into the list, dropping blanks and duplicates", () => {
    expect(normalizeMedicationIds({ medicationId: DEFAULT_MEDICATION_ID })).toEqual([DEFAULT_MEDICATION_ID]);
    expect(normalizeMedicationIds({ medicationIds: [uuid, " ", uuid, DEFAULT_MEDICATION_ID] })).toEqual([uuid, DEFAULT_MEDICATION_ID]);
    expect(normalizeMedicationIds({ medicationIds: [], medicationId: uuid })).toEqual([uuid]);
    expect(normalizeMedicationIds({})).toEqual([]);
  });

  it("toggling off never leaves the list empty: the built-in takes its place", () => {
    expect(toggleMedication([uuid], uuid, false)).toEqual([DEFAULT_MEDICATION_ID]);
    expect(toggleMedication([DEFAULT_MEDICATION_ID], DEFAULT_MEDICATION_ID, false)).toEqual([DEFAULT_MEDICATION_ID]);
    expect(toggleMedication([DEFAULT_MEDICATION_ID, uuid], DEFAULT_MEDICATION_ID, false)).toEqual([uuid]);
    expect(toggleMedication([DEFAULT_MEDICATION_ID], uuid, true)).toEqual([DEFAULT_MEDICATION_ID, uuid]);
    expect(toggleMedication([uuid], uuid, true)).toEqual([uuid]);
  });

  it("sorts cards by name, ignoring case", () => {
    expect(sortByName([{ name: "zinc" }, { name: "Aspirin" }, { name: "carbidopa" }]).map((m) => m.name)).toEqual(["Aspirin", "carbidopa", "zinc"]);
  });

  it("a log without a medication is the built-in's", () => {
    expect(logMedicationId({ medicationId: null })).toBe(DEFAULT_MEDICATION_ID);
    expect(logMedicationId({ medicationId: uuid })).toBe(uuid);
  });
});

describe("the medication config schema (DESIGN §6.9)", () => {
  const valid = {
    name: "Sinemet CR",
    scheduleType: "fixed",
    fixedTimes: ["08:00", "14:00"],
    timingRules: { minInterval: 60, maxInterval: 720, recommendedInterval: 240, dailyFrequency: 2 },
    displayConfig: { pillLabel: "Sinemet", timingLabel: "Next" },
  };
  const withChange = (path: string[], value: unknown) => {
    const copy = structuredClone(valid) as Record<string, unknown>;
    let obj = copy;
    for (const key of path.slice(0, -1)) obj = obj[key] as Record<string, unknown>;
    obj[path.at(-1)!] = value;
    return copy;
  };

  it("accepts a valid config and fills the defaults", () => {
    expect(medicationConfigInput.parse(valid)).toMatchObject({ description: "", fixedTimes: ["08:00", "14:00"] });
  });

  it.each([
    [["name"], "  ", "name", "Name is required"],
    [["name"], undefined, "name", "Name is required"],
    [["scheduleType"], "weekly", "scheduleType", "Schedule type must be fixed or flexible"],
    [["fixedTimes"], ["8:00"], "fixedTimes.0", "Times must be HH:MM, such as 08:00 or 14:30"],
    [["fixedTimes"], ["24:00"], "fixedTimes.0", "Times must be HH:MM, such as 08:00 or 14:30"],
    [["fixedTimes"], [], "fixedTimes", "A fixed schedule needs at least one time"],
    [["fixedTimes"], ["08:00", "08:00"], "fixedTimes", "Each time may appear only once"],
    [["timingRules", "dailyFrequency"], 0, "timingRules.dailyFrequency", "Doses per day must be between 1 and 24"],
    [["timingRules", "dailyFrequency"], 25, "timingRules.dailyFrequency", "Doses per day must be between 1 and 24"],
    [["timingRules", "dailyFrequency"], 2.5, "timingRules.dailyFrequency", "Doses per day must be a whole number"],
    [["timingRules", "minInterval"], 300, "timingRules.recommendedInterval", "Recommended interval cannot be shorter than the minimum interval"],
    [["timingRules", "maxInterval"], 200, "timingRules.maxInterval", "Maximum interval cannot be shorter than the recommended interval"],
    [["timingRules", "minInterval"], -5, "timingRules.minInterval", "Minimum interval cannot be negative"],
    [["timingRules", "recommendedInterval"], "240", "timingRules.recommendedInterval", "Recommended interval must be a number of minutes"],
    [["displayConfig", "pillLabel"], "", "displayConfig.pillLabel", "Pill label is required"],
    [["displayConfig", "timingLabel"], "", "displayConfig.timingLabel", "Timing label is required"],
    [
      ["foodRestriction"],
      { type: "custom", before_minutes: 0, after_minutes: 30 },
      "foodRestriction.custom_description",
      "Describe the custom restriction",
    ],
    [["foodRestriction"], { type: "gluten", before_minutes: 0, after_minutes: 30 }, "foodRestriction.type", "Choose a food restriction type"],
    [
      ["foodRequirement"],
      { enabled: true, remind_minutes_before: 2000 },
      "foodRequirement.remind_minutes_before",
      "Reminder minutes before must be at most 1440 minutes",
    ],
    [["colour"], "red", "form", "Unknown field: colour"],
  ])("%j = %j → %s: %s", (path, value, field, message) => {
    expect(medicationConfigErrors(withChange(path, value))).toMatchObject({ [field]: message });
  });
});
