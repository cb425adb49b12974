import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BUILT_IN_MEDICATIONS } from "./medications.ts";
import { fixedDosesOn, fixedNextDose, fixedOverdueDose, flexibleState } from "./schedule.ts";
import { DAYS_BY_ZONE, fixedMed, logAt, wall } from "./test-support.ts";
import { addLocalDays, localDateOf } from "./zoned-time.ts";

const levodopa = BUILT_IN_MEDICATIONS[0]!;
const MIN = 60_000;

describe.each(DAYS_BY_ZONE)("fixed schedule, %s on %s", (zone, day) => {
  const at = wall(zone);
  const times = ["08:00", "12:00", "16:00", "20:00"];
  const med = fixedMed(times);
  const taken = (...logTimes: Date[]) =>
    fixedDosesOn(
      day,
      times,
      logTimes.map((t) => logAt(t, med.id)),
      zone,
    ).map((d) => d.taken);

  // Day: |00:00 ... 08:00 ... 12:00 ... 16:00 ... 20:00 ... 23:59|
  it("a log within 30 minutes either side takes the dose, exactly 30 included", () => {
    expect(taken(new Date(at(day, "12:00").getTime() + 30 * MIN))).toEqual([false, true, false, false]);
    expect(taken(new Date(at(day, "12:00").getTime() - 30 * MIN))).toEqual([false, true, false, false]);
    expect(taken(new Date(at(day, "12:00").getTime() + 30 * MIN + 1000))).toEqual([false, false, true, false]); // 12:30:01 is early for 16:00
  });

  it("a log between the previous time (or the start of the day) and the time takes it", () => {
    expect(taken(at(day, "00:00"))).toEqual([true, false, false, false]);
    expect(taken(at(day, "06:00"))).toEqual([true, false, false, false]);
    expect(taken(at(day, "10:00"))).toEqual([false, true, false, false]);
    expect(taken(at(day, "23:59"))).toEqual([false, false, false, false]); // after the last dose, more than 30 min late
    expect(taken(at(day, "20:30"))).toEqual([false, false, false, true]);
  });

  it("logs from yesterday take nothing today, unless within 30 minutes of a time", () => {
    const yesterday = addLocalDays(day, -1);
    expect(taken(at(yesterday, "22:00"), at(yesterday, "23:59"))).toEqual([false, false, false, false]);
    const midnightDose = fixedDosesOn(day, ["00:10"], [logAt(at(yesterday, "23:50"), med.id)], zone);
    expect(midnightDose.map((d) => d.taken)).toEqual([true]);
  });

  // Yesterday: ... 20:00 | today 00:00 ... 00:20 (yesterday's 23:50 dose, late) ... 08:00
  it("a dose taken just after midnight for the evening slot does not take the morning slot", () => {
    const late = fixedMed(["08:00", "23:50"]);
    const doses = fixedDosesOn(day, late.fixedTimes, [logAt(at(day, "00:15"), late.id)], zone);
    expect(doses.map((d) => d.taken)).toEqual([false, false]);
    expect(fixedDosesOn(addLocalDays(day, -1), late.fixedTimes, [logAt(at(day, "00:15"), late.id)], zone).map((d) => d.taken)).toEqual([false, true]);
  });

  it("next dose: the first future untaken time; tomorrow's first when all are taken; none when one was missed", () => {
    const logs = [logAt(at(day, "08:05"), med.id)];
    expect(fixedNextDose(med, logs, at(day, "09:00"), zone)).toEqual({ at: at(day, "12:00"), tomorrow: false });
    // Every dose taken: the first time tomorrow.
    const all = times.map((t) => logAt(at(day, t), med.id));
    expect(fixedNextDose(med, all, at(day, "21:00"), zone)).toEqual({ at: at(addLocalDays(day, 1), "08:00"), tomorrow: true });
    // The last dose of the day was missed: none.
    expect(fixedNextDose(med, all.slice(0, 3), at(day, "21:00"), zone)).toBeNull();
  });

  it("a single fixed time and an empty schedule", () => {
    const once = fixedMed(["09:00"]);
    expect(fixedNextDose(once, [], at(day, "08:00"), zone)).toEqual({ at: at(day, "09:00"), tomorrow: false });
    expect(fixedNextDose(once, [logAt(at(day, "08:40"), once.id)], at(day, "08:45"), zone)).toEqual({
      at: at(addLocalDays(day, 1), "09:00"),
      tomorrow: true,
    });
    expect(fixedNextDose(fixedMed([]), [], at(day, "08:00"), zone)).toBeNull();
  });

  it("overdue while an untaken time is less than 30 minutes past (DESIGN §6.3)", () => {
    expect(fixedOverdueDose(med, [], at(day, "08:00"), zone)).toBeNull(); // at the time: not yet past
    expect(fixedOverdueDose(med, [], new Date(at(day, "08:00").getTime() + 30 * MIN), zone)?.at).toEqual(at(day, "08:00"));
    expect(fixedOverdueDose(med, [], new Date(at(day, "08:00").getTime() + 30 * MIN + 1), zone)).toBeNull();
    expect(fixedOverdueDose(med, [logAt(at(day, "08:10"), med.id)], at(day, "08:20"), zone)).toBeNull();
  });
});

describe.each(DAYS_BY_ZONE)("flexible schedule (the built-in, every 240 min, 4 a day), %s on %s", (zone, day) => {
  const at = wall(zone);
  const log = (time: string, d = day) => logAt(at(d, time), null);

  it("no logs today → first dose, even with logs yesterday", () => {
    expect(flexibleState(levodopa, [], at(day, "09:00"), zone)).toEqual({ kind: "first-dose" });
    expect(flexibleState(levodopa, [log("23:59", addLocalDays(day, -1))], at(day, "00:00"), zone)).toEqual({ kind: "first-dose" });
  });

  it("the next dose is the last log + 240 minutes, overdue once past", () => {
    const logs = [log("07:00"), log("08:00")];
    const due = new Date(at(day, "08:00").getTime() + 240 * MIN);
    expect(flexibleState(levodopa, logs, at(day, "09:00"), zone)).toEqual({ kind: "next", at: due, tomorrow: false });
    expect(flexibleState(levodopa, logs, due, zone)).toEqual({ kind: "next", at: due, tomorrow: false }); // exactly at: not yet overdue
    expect(flexibleState(levodopa, logs, new Date(due.getTime() + 1000), zone)).toEqual({ kind: "overdue", since: due });
  });

  it("a next dose past midnight is tomorrow's", () => {
    const state = flexibleState(levodopa, [log("22:30")], at(day, "22:31"), zone);
    expect(state).toMatchObject({ kind: "next", tomorrow: true });
  });

  it("dailyFrequency logs today → all done; a log at 00:00 counts for the new day", () => {
    const four = ["00:00", "06:00", "12:00", "18:00"].map((t) => log(t));
    expect(flexibleState(levodopa, four, at(day, "19:00"), zone)).toEqual({ kind: "all-done" });
    expect(flexibleState(levodopa, four.slice(0, 3), at(day, "19:00"), zone)).toMatchObject({ kind: "overdue" });
  });

  it("ignores other medications' logs", () => {
    expect(flexibleState(levodopa, [logAt(at(day, "08:00"), "0b1f4c7e-2d1a-4a7b-9a55-other0000001")], at(day, "09:00"), zone)).toEqual({
      kind: "first-dose",
    });
  });
});

describe("properties", () => {
  const day = "2026-03-08";
  const zone = "America/New_York";
  const { start } = { start: wall(zone)(day, "00:00") };
  const dayMs = 23 * 3_600_000; // spring-forward day
  const instantToday = fc.integer({ min: 0, max: dayMs - 1 }).map((o) => new Date(start.getTime() + o));
  const timesArb = fc.uniqueArray(
    fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`),
    { minLength: 1, maxLength: 8 },
  );

  it("adding a log never un-takes a fixed dose", () => {
    fc.assert(
      fc.property(timesArb, fc.array(instantToday, { maxLength: 6 }), instantToday, (times, logTimes, extra) => {
        const before = fixedDosesOn(
          day,
          times,
          logTimes.map((t) => logAt(t)),
          zone,
        );
        const after = fixedDosesOn(
          day,
          times,
          [...logTimes, extra].map((t) => logAt(t)),
          zone,
        );
        before.forEach((d, i) => {
          if (d.taken) expect(after[i]!.taken).toBe(true);
        });
      }),
      { numRuns: 1000 },
    );
  });

  it("the next fixed dose is never before now", () => {
    fc.assert(
      fc.property(timesArb, fc.array(instantToday, { maxLength: 6 }), instantToday, (times, logTimes, now) => {
        const next = fixedNextDose(
          fixedMed(times),
          logTimes.map((t) => logAt(t, fixedMed(times).id)),
          now,
          zone,
        );
        if (next) expect(next.at.getTime()).toBeGreaterThan(now.getTime());
      }),
      { numRuns: 1000 },
    );
  });

  it("the flexible next dose is never before now unless the state is overdue, and is a whole interval after a log today", () => {
    fc.assert(
      fc.property(fc.array(instantToday, { minLength: 1, maxLength: 3 }), instantToday, (logTimes, now) => {
        const logs = logTimes.filter((t) => t.getTime() <= now.getTime()).map((t) => logAt(t));
        const state = flexibleState(levodopa, logs, now, zone);
        if (state.kind === "next") expect(state.at.getTime()).toBeGreaterThanOrEqual(now.getTime());
        if (state.kind === "overdue") expect(state.since.getTime()).toBeLessThan(now.getTime());
        if (state.kind === "next" || state.kind === "overdue") {
          const at = state.kind === "next" ? state.at : state.since;
          expect(localDateOf(new Date(at.getTime() - 240 * MIN), zone)).toBe(day);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
