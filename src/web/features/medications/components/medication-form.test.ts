import { describe, expect, it } from "vitest";
import { medicationConfigErrors } from "../../../../domain/medication-config.schema.ts";
import { BUILT_IN_MEDICATIONS } from "../../../../domain/medications.ts";
import { formValuesOf, NEW_MEDICATION } from "./medication-form.ts";

describe("the edit-medication form's values", () => {
  it("a saved medication opens as values the shared schema accepts as they are: Save works without touching a field", () => {
    const saved = { ...BUILT_IN_MEDICATIONS[0]!, id: "3f2c8a9e-4b7d-4e21-9c3a-5d6e7f8a9b0c", isDefault: false, createdAt: "2026-01-01T00:00:00Z" };
    const values = formValuesOf(saved);
    expect(medicationConfigErrors(values)).toEqual({});
    expect(values).not.toHaveProperty("id");
    expect(values.foodRestriction).toEqual(saved.foodRestriction);
  });

  it("a flexible medication saved with no times opens with one time ready for a switch to fixed", () => {
    const saved = { ...BUILT_IN_MEDICATIONS[0]!, scheduleType: "flexible" as const, fixedTimes: [] };
    expect(formValuesOf(saved).fixedTimes).toEqual(["08:00"]);
  });

  it("a new medication asks for its name and pill label, in SPEC's words", () => {
    expect(medicationConfigErrors(NEW_MEDICATION)).toEqual({ name: "Name is required", "displayConfig.pillLabel": "Pill label is required" });
  });
});
