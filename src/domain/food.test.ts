import { describe, expect, it } from "vitest";
import { CAN_EAT_COLOR, CANNOT_EAT_COLOR, foodBanner, foodReminder } from "./food.ts";
import { BUILT_IN_MEDICATIONS, type MedicationConfig } from "./medications.ts";
import { DAYS_BY_ZONE, fixedMed, logAt, wall } from "./test-support.ts";
import { addLocalDays, formatClock } from "./zoned-time.ts";

const levodopa = BUILT_IN_MEDICATIONS[0]!;
const MIN = 60_000;
const dairyMed: MedicationConfig = fixedMed(["09:00"], {
  id: "0b1f4c7e-2d1a-4a7b-9a55-dairy0000001",
  foodRestriction: { type: "no_dairy", before_minutes: 0, after_minutes: 120 },
});
const customMed: MedicationConfig = fixedMed(["09:00"], {
  id: "0b1f4c7e-2d1a-4a7b-9a55-grape0000001",
  foodRestriction: { type: "custom", before_minutes: 0, after_minutes: 30, custom_description: "GRAPEFRUIT" },
});

describe.each(DAYS_BY_ZONE)("food banner, %s on %s", (zone, day) => {
  const at = wall(zone);

  it("red until the dose time + after_minutes, then green naming the restricted kinds (exactly at the end: green)", () => {
    const logs = [logAt(at(day, "13:00"))]; // levodopa: 60 min after
    const end = new Date(at(day, "13:00").getTime() + 60 * MIN);
    expect(foodBanner([levodopa], logs, at(day, "13:30"), zone)).toMatchObject({
      state: "cannot-eat",
      color: CANNOT_EAT_COLOR,
      lines: [`You can NOT eat PROTEIN until ${formatClock(end, zone)}`],
    });
    expect(foodBanner([levodopa], logs, new Date(end.getTime() - 1), zone).state).toBe("cannot-eat");
    expect(foodBanner([levodopa], logs, end, zone)).toEqual({
      state: "can-eat",
      color: CAN_EAT_COLOR,
      lines: ["You can eat anything, including PROTEIN"],
    });
  });

  it("a dose late yesterday still restricts after midnight", () => {
    const logs = [logAt(at(addLocalDays(day, -1), "23:30"))];
    expect(foodBanner([levodopa], logs, at(day, "00:10"), zone).state).toBe("cannot-eat");
  });

  it("several medications: one line each, soonest end first; the latest dose of a medication sets its end", () => {
    const logs = [logAt(at(day, "08:00"), dairyMed.id), logAt(at(day, "08:30")), logAt(at(day, "09:00")), logAt(at(day, "09:10"), customMed.id)];
    const banner = foodBanner([levodopa, dairyMed, customMed], logs, at(day, "09:15"), zone);
    expect(banner.lines).toEqual([
      `You can NOT eat GRAPEFRUIT until ${formatClock(at(day, "09:40"), zone)}`,
      `You can NOT eat PROTEIN until ${formatClock(at(day, "10:00"), zone)}`,
      `You can NOT eat DAIRY until ${formatClock(at(day, "10:00"), zone)}`,
    ]);
  });
});

describe("food banner texts", () => {
  const now = new Date("2026-06-15T12:00:00Z");
  it.each([
    [[], "You can eat anything"],
    [[levodopa], "You can eat anything, including PROTEIN"],
    [[levodopa, dairyMed], "You can eat anything, including PROTEIN and DAIRY"],
    [[levodopa, dairyMed, customMed], "You can eat anything, including PROTEIN, DAIRY, and GRAPEFRUIT"],
  ])("with no active restriction: %#", (meds, line) => {
    expect(foodBanner(meds, [], now, "UTC").lines).toEqual([line]);
  });

  it.each([
    ["empty_stomach", "FOOD"],
    ["no_caffeine", "CAFFEINE"],
    ["no_dairy", "DAIRY"],
    ["protein", "PROTEIN"],
  ] as const)("%s is shown as %s", (type, label) => {
    const med = fixedMed(["09:00"], { foodRestriction: { type, before_minutes: 0, after_minutes: 60 } });
    expect(foodBanner([med], [logAt(new Date("2026-06-15T11:30:00Z"), med.id)], now, "UTC").lines).toEqual([
      `You can NOT eat ${label} until 12:30 PM`,
    ]);
  });
});

describe("food reminders", () => {
  const zone = "Europe/London";
  const next = new Date("2026-06-15T13:00:00Z"); // 2:00 PM in London
  const withFood = (req: MedicationConfig["foodRequirement"], extra: Partial<MedicationConfig> = {}) =>
    fixedMed(["14:00"], { foodRequirement: req, ...extra });

  it("with a dose time and a lead: eat by then", () => {
    const med = withFood({ enabled: true, reminder_enabled: true, remind_minutes_before: 30 });
    expect(foodReminder(med, next, zone)).toEqual({ text: "Remember to eat something by 1:30 PM before your next Sinemet" });
  });

  it("without a dose time or a lead: take it WITH food, plus the custom message", () => {
    const med = withFood({ enabled: true, reminder_enabled: false, custom_message: "A cracker is enough." });
    expect(foodReminder(med, next, zone)).toEqual({ text: "Remember to take Sinemet WITH food", customMessage: "A cracker is enough." });
    expect(foodReminder(withFood({ enabled: true, reminder_enabled: true, remind_minutes_before: 30 }), null, zone)).toEqual({
      text: "Remember to take Sinemet WITH food",
    });
  });

  it("no requirement, or a disabled one: no reminder", () => {
    expect(foodReminder(levodopa, next, zone)).toBeNull();
    expect(foodReminder(withFood({ enabled: false }), next, zone)).toBeNull();
  });

  it("full_stomach + remind_to_eat is a reminder only without a restriction or a requirement", () => {
    const avoidance = { type: "full_stomach" as const, remind_to_eat: true, remind_minutes_before: 15 };
    expect(foodReminder(fixedMed(["14:00"], { foodAvoidance: avoidance }), next, zone)).toEqual({
      text: "Remember to eat something by 1:45 PM before your next Sinemet",
    });
    expect(foodReminder(fixedMed(["14:00"], { foodAvoidance: { ...avoidance, remind_minutes_before: undefined } }), next, zone)).toEqual({
      text: "Remember to take Sinemet WITH food",
    });
    const restricted = fixedMed(["14:00"], { foodAvoidance: avoidance, foodRestriction: { type: "protein", before_minutes: 0, after_minutes: 60 } });
    expect(foodReminder(restricted, next, zone)).toBeNull();
    expect(foodReminder(fixedMed(["14:00"], { foodAvoidance: avoidance, foodRequirement: { enabled: false } }), next, zone)).toBeNull();
    expect(foodReminder(fixedMed(["14:00"], { foodAvoidance: { ...avoidance, remind_to_eat: false } }), next, zone)).toBeNull();
  });
});
