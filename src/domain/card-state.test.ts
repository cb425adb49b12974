import { describe, expect, it } from "vitest";
import { cardState, cardTexts, earlyDose, formatDuration } from "./card-state.ts";
import { BUILT_IN_MEDICATIONS } from "./medications.ts";
import { DAYS_BY_ZONE, fixedMed, logAt, wall } from "./test-support.ts";
import { addLocalDays, formatClock } from "./zoned-time.ts";

const levodopa = BUILT_IN_MEDICATIONS[0]!;
const MIN = 60_000;
const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);

describe("formatDuration", () => {
  it.each([
    [0, "00:00:00"],
    [999, "00:00:00"],
    [1000, "00:00:01"],
    [3_723_000, "01:02:03"],
    [-3_723_000, "01:02:03"],
    [100 * 3_600_000, "100:00:00"],
  ])("%i ms → %s", (ms, text) => expect(formatDuration(ms)).toBe(text));
});

describe.each(DAYS_BY_ZONE)("card state and texts, %s on %s", (zone, day) => {
  const at = wall(zone);
  const texts = (med: typeof levodopa, logs: ReturnType<typeof logAt>[], now: Date) => cardTexts(cardState(med, logs, now, zone), med, now, zone);

  it("flexible: READY FOR FIRST DOSE, NEXT AT with a countdown, OVERDUE with +, ALL DONE FOR TODAY", () => {
    expect(texts(levodopa, [], at(day, "07:00"))).toEqual({ title: "READY FOR FIRST DOSE" });
    const first = logAt(at(day, "08:00"));
    const due = plus(at(day, "08:00"), 240 * MIN);
    expect(texts(levodopa, [first], plus(due, -90_500))).toEqual({ title: "NEXT AT", time: formatClock(due, zone), countdown: "00:01:31" });
    expect(texts(levodopa, [first], due)).toEqual({ title: "NEXT AT", time: formatClock(due, zone), countdown: "00:00:00" });
    expect(texts(levodopa, [first], plus(due, 3_661_000))).toEqual({ title: "OVERDUE", time: formatClock(due, zone), countdown: "+01:01:01" });
    const four = ["06:00", "10:00", "14:00", "18:00"].map((t) => logAt(at(day, t)));
    expect(texts(levodopa, four, at(day, "19:00"))).toEqual({ title: "ALL DONE FOR TODAY" });
  });

  it("flexible: a next dose after midnight says (Tomorrow)", () => {
    const last = logAt(at(day, "22:00"));
    expect(texts(levodopa, [last], at(day, "22:01"))).toMatchObject({ title: "NEXT AT", tomorrow: "(Tomorrow)" });
  });

  it("fixed: overdue inside the 30-minute window, then the next time; the last missed dose moves to tomorrow", () => {
    const med = fixedMed(["08:00", "20:00"], { displayConfig: { pillLabel: "Sinemet", timingLabel: "Evening" } });
    expect(cardState(med, [], at(day, "08:29"), zone)).toEqual({ kind: "overdue", since: at(day, "08:00") });
    expect(cardState(med, [], at(day, "08:31"), zone)).toEqual({ kind: "next", at: at(day, "20:00"), tomorrow: false });
    expect(texts(med, [], at(day, "19:00"))).toMatchObject({ title: "EVENING AT", time: "8:00 PM", countdown: "01:00:00" });
    expect(cardState(med, [logAt(at(day, "08:00"), med.id)], at(day, "21:00"), zone)).toEqual({
      kind: "next",
      at: at(addLocalDays(day, 1), "08:00"),
      tomorrow: true,
    });
    const both = [logAt(at(day, "08:00"), med.id), logAt(at(day, "20:10"), med.id)];
    expect(cardState(med, both, at(day, "20:15"), zone)).toEqual({ kind: "all-done" });
  });

  it("fixed: an empty schedule has nothing due", () => {
    expect(cardState(fixedMed([]), [], at(day, "12:00"), zone)).toEqual({ kind: "all-done" });
  });

  it("early dose: fixed only, when the next dose is more than 60 minutes away (exactly 60 is not early)", () => {
    const med = fixedMed(["12:00", "18:00"]);
    expect(earlyDose(med, [], at(day, "10:59"), zone)).toEqual({ at: at(day, "12:00"), tomorrow: false });
    expect(earlyDose(med, [], at(day, "11:00"), zone)).toBeNull();
    expect(earlyDose(med, [], at(day, "12:10"), zone)).toBeNull(); // 12:00 is overdue: that is the dose being taken
    const taken = [logAt(at(day, "12:00"), med.id), logAt(at(day, "18:00"), med.id)];
    expect(earlyDose(med, taken, at(day, "19:00"), zone)).toEqual({ at: at(addLocalDays(day, 1), "12:00"), tomorrow: true });
    expect(earlyDose(levodopa, [], at(day, "10:00"), zone)).toBeNull();
  });
  // Times 08:00 and 20:00 (SPEC §4's next dose; no next dose means no early-dose question):
  //   00:30 ─ 08:00 ─ 09:00 ─ 18:59 19:00 ─ 20:00 ─ 20:20 ─ 20:31 ─ 21:00 ─ 23:59 │ 08:00 tomorrow
  //           dose                          dose    overdue  missed
  it.each([
    ["nothing taken, 00:30: 08:00 is 7.5 h away", [], "00:30", { time: "08:00", tomorrow: false }],
    ["08:00 missed, 09:00: 20:00 is the next dose", [], "09:00", { time: "20:00", tomorrow: false }],
    ["08:00 taken, 18:59: 20:00 is 61 min away", ["08:00"], "18:59", { time: "20:00", tomorrow: false }],
    ["08:00 taken, 19:00: exactly 60 min is not early", ["08:00"], "19:00", null],
    ["08:00 taken, 20:20: 20:00 is overdue, the user is taking it", ["08:00"], "20:20", null],
    ["08:00 taken, 20:00 missed, 20:31: no next dose today (late, not early)", ["08:00"], "20:31", null],
    ["08:00 taken, 20:00 missed, 21:00: no question about tomorrow's 08:00", ["08:00"], "21:00", null],
    ["08:00 taken, 20:00 missed, 23:59", ["08:00"], "23:59", null],
    ["both missed, 21:00", [], "21:00", null],
    ["both taken, 21:00: tomorrow's 08:00 is guarded", ["08:00", "20:10"], "21:00", { time: "08:00", tomorrow: true }],
  ] as const)("early dose, 08:00 and 20:00: %s", (_, taken, now, expected) => {
    const med = fixedMed(["08:00", "20:00"]);
    const logs = taken.map((t) => logAt(at(day, t), med.id));
    const want = expected && { at: at(expected.tomorrow ? addLocalDays(day, 1) : day, expected.time), tomorrow: expected.tomorrow };
    expect(earlyDose(med, logs, at(day, now), zone)).toEqual(want);
  });
});
