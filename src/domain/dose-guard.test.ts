import { describe, expect, it } from "vitest";
import { cardState } from "./card-state.ts";
import { duplicateDose, duplicateText, skippedText } from "./dose-guard.ts";
import { foodBanner } from "./food.ts";
import { BUILT_IN_MEDICATIONS } from "./medications.ts";
import { fixedDosesOn, fixedSlotsOf, flexibleState } from "./schedule.ts";
import { DAYS_BY_ZONE, fixedMed, logAt, skipAt, wall } from "./test-support.ts";
import { addLocalDays } from "./zoned-time.ts";

const levodopa = BUILT_IN_MEDICATIONS[0]!; // flexible: every 240 min, 4 a day, minInterval 60, protein 60 min after
const MIN = 60_000;
const plus = (d: Date, minutes: number) => new Date(d.getTime() + minutes * MIN);

describe.each(DAYS_BY_ZONE)("a skip takes its slot, %s on %s", (zone, day) => {
  const at = wall(zone);

  // Fixed 08:00, 12:00: |08:00 skipped (08:05) ... 12:00 taken (12:02) ... 23:59|
  it("fixed: a skipped time counts as done, so the card moves on and the day can be all done", () => {
    const med = fixedMed(["08:00", "12:00"]);
    const skip = skipAt(at(day, "08:05"), med.id);
    expect(fixedDosesOn(day, med.fixedTimes, [skip], zone).map((d) => d.taken)).toEqual([true, false]);
    expect(cardState(med, [skip], at(day, "08:10"), zone)).toEqual({ kind: "next", at: at(day, "12:00"), tomorrow: false });
    expect(cardState(med, [skip, logAt(at(day, "12:02"), med.id)], at(day, "12:10"), zone)).toEqual({ kind: "all-done" });
  });

  // Flexible every 240 min: |09:00 skipped ... 13:00 next|
  it("flexible: the countdown moves on from a skip as from a dose, and skips count toward the day's doses", () => {
    const skip = skipAt(at(day, "09:00"));
    expect(flexibleState(levodopa, [skip], at(day, "10:00"), zone)).toEqual({ kind: "next", at: at(day, "13:00"), tomorrow: false });
    const four = ["06:00", "10:00", "14:00"].map((t) => logAt(at(day, t))).concat(skipAt(at(day, "18:00")));
    expect(flexibleState(levodopa, four, at(day, "18:30"), zone)).toEqual({ kind: "all-done" });
  });

  it("a skip starts no food restriction; a dose does", () => {
    expect(foodBanner([levodopa], [skipAt(at(day, "13:00"))], at(day, "13:30"), zone).state).toBe("can-eat");
    expect(foodBanner([levodopa], [logAt(at(day, "13:00"))], at(day, "13:30"), zone).state).toBe("cannot-eat");
  });
});

describe.each(DAYS_BY_ZONE)("the double-dose guard, %s on %s", (zone, day) => {
  const at = wall(zone);

  // Flexible, minInterval 60: |08:02 ... 09:02 existing ... 10:02|
  it("flexible: a log less than minInterval away either side is a duplicate; exactly minInterval is not", () => {
    const existing = logAt(at(day, "09:02"));
    const dup = (t: Date) => duplicateDose(levodopa, [existing], t, zone);
    expect(dup(at(day, "09:10"))).toBe(existing);
    expect(dup(new Date(at(day, "10:02").getTime() - 1000))).toBe(existing);
    expect(dup(at(day, "10:02"))).toBeNull();
    expect(dup(new Date(at(day, "08:02").getTime() + 1000))).toBe(existing);
    expect(dup(at(day, "08:02"))).toBeNull();
  });

  it("only logs of the same medication count, and the nearest one is named", () => {
    const other = fixedMed(["09:00"]);
    const near = logAt(at(day, "09:05"));
    expect(duplicateDose(levodopa, [logAt(at(day, "09:00"), other.id)], at(day, "09:01"), zone)).toBeNull();
    expect(duplicateDose(levodopa, [logAt(at(day, "08:30")), near], at(day, "09:10"), zone)).toBe(near);
  });

  it("a skip in the window is named too (a second entry for one dose contradicts the first)", () => {
    const skip = skipAt(at(day, "09:02"));
    expect(duplicateDose(levodopa, [skip], at(day, "09:30"), zone)).toBe(skip);
  });

  // Fixed 08:00, 12:00 with minInterval 10, so only the slot rule speaks:
  // |07:40 existing → takes 08:00 ... 08:30 (same slot, exactly 30 late) | 08:31 → early for 12:00 ... 12:00|
  it("fixed: a log that already took the same slot is a duplicate, up to the slot's boundary", () => {
    const med = fixedMed(["08:00", "12:00"], { timingRules: { minInterval: 10, maxInterval: 720, recommendedInterval: 240, dailyFrequency: 2 } });
    const existing = logAt(at(day, "07:40"), med.id);
    const dup = (t: Date) => duplicateDose(med, [existing], t, zone);
    expect(dup(at(day, "08:30"))).toBe(existing);
    expect(dup(plus(at(day, "08:30"), 1 / 60))).toBeNull(); // 08:30:01 is early for 12:00
    expect(dup(at(day, "11:00"))).toBeNull();
    // A 10:00 log took 12:00 early: a 12:20 one is the same dose.
    expect(duplicateDose(med, [logAt(at(day, "10:00"), med.id)], at(day, "12:20"), zone)).not.toBeNull();
  });

  // After midnight. Flexible: |23:30 ... 00:00 ... 00:10|. Fixed 00:00/12:00, minInterval 10: |23:50 → 00:00 ... 00:15|
  it("after midnight: yesterday's late dose still guards, by the window and by the slot", () => {
    const tomorrow = addLocalDays(day, 1);
    const late = logAt(at(day, "23:30"));
    expect(duplicateDose(levodopa, [late], at(tomorrow, "00:10"), zone)).toBe(late);
    expect(duplicateDose(levodopa, [late], at(tomorrow, "00:30"), zone)).toBeNull();
    const med = fixedMed(["00:00", "12:00"], { timingRules: { minInterval: 10, maxInterval: 720, recommendedInterval: 240, dailyFrequency: 2 } });
    const beforeMidnight = logAt(at(day, "23:50"), med.id);
    expect(fixedSlotsOf(at(day, "23:50"), med.fixedTimes, zone)).toEqual([`${tomorrow} 00:00`]);
    expect(duplicateDose(med, [beforeMidnight], at(tomorrow, "00:15"), zone)).toBe(beforeMidnight);
    expect(duplicateDose(med, [beforeMidnight], at(tomorrow, "00:31"), zone)).toBeNull();
  });
});

describe("skip texts", () => {
  it.each([
    ["Side effects", "Skipped (Side effects)"],
    ["  Felt dizzy ", "Skipped (Felt dizzy)"],
    [null, "Skipped"],
  ])("%s → %s", (reason, text) => expect(skippedText(reason)).toBe(text));
});

describe("the 409's text, in the account's zone", () => {
  const at = wall("America/New_York");
  it.each([
    [{ ...logAt(at("2026-11-20", "09:02")), loggedByName: "Anna" }, "Already logged by Anna at 9:02 AM"],
    [{ ...skipAt(at("2026-11-20", "21:15"), null, "Asleep"), loggedByName: "Carl" }, "Already skipped by Carl at 9:15 PM (Asleep)"],
    [{ ...logAt(at("2026-11-20", "00:05")), loggedByName: " " }, "Already logged by Unknown at 12:05 AM"],
  ])("%j → %s", (log, text) => expect(duplicateText(log, "America/New_York")).toBe(text));
});
