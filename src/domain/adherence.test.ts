import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adherence, dayAtAGlance, type HistoryLog, type MedicationHistory } from "./adherence.ts";
import { BUILT_IN_MEDICATIONS, type MedicationConfig } from "./medications.ts";
import { DAYS_BY_ZONE, fixedMed, wall } from "./test-support.ts";
import { addLocalDays } from "./zoned-time.ts";

const MIN = 60_000;
const levodopa = BUILT_IN_MEDICATIONS[0]!;
const EPOCH = "2020-01-01T00:00:00.000Z";

const history = (config: MedicationConfig, tracked = [{ from: EPOCH, until: null as string | null }], versions = [{ validFrom: EPOCH, config }]) =>
  ({ id: config.id, versions, tracked }) satisfies MedicationHistory;

let n = 0;
const log = (at: Date, medicationId: string | null, extra: Partial<HistoryLog> = {}): HistoryLog => ({
  id: `log-${String(++n).padStart(6, "0")}`,
  timestamp: at.toISOString(),
  medicationId,
  loggedByName: "Anna",
  ...extra,
});
const plus = (d: Date, minutes: number) => new Date(d.getTime() + minutes * MIN);

describe.each(DAYS_BY_ZONE)("fixed schedule, %s on %s", (zone, day) => {
  const at = wall(zone);
  const med = fixedMed(["08:00", "12:00", "16:00", "23:50"], {
    timingRules: { minInterval: 120, maxInterval: 720, recommendedInterval: 240, dailyFrequency: 4 },
  });
  const rows = (logs: HistoryLog[], now?: Date) => adherence([history(med)], logs, day, day, zone, now).days[0]!.doses;

  // |00:00 ... 08:00 (07:40 early) ... 12:00 (12:10 on time) ... 16:00 (missed) ... 23:50 (00:20 next day, late)|
  it("on time, early, late after midnight, missed; signed minutes and who logged it", () => {
    const next = addLocalDays(day, 1);
    const doses = rows([log(at(day, "07:40"), med.id), log(at(day, "12:10"), med.id, { loggedByName: "Carl" }), log(at(next, "00:20"), med.id)]);
    expect(doses.map((d) => [d.slot, d.status, d.minutesOff, d.loggedByName])).toEqual([
      ["08:00", "early", -20, "Anna"],
      ["12:00", "on-time", 10, "Carl"],
      ["16:00", "missed", null, null],
      ["23:50", "late", 30, "Anna"],
    ]);
    expect(doses[0]!.scheduledAt).toBe(at(day, "08:00").toISOString());
    expect(doses[3]!.takenAt).toBe(at(next, "00:20").toISOString());
    // The next day's 08:00 is not taken by that 00:20 dose.
    expect(adherence([history(med)], [log(at(next, "00:20"), med.id)], next, next, zone).days[0]!.doses[0]!.status).toBe("missed");
  });

  it("±15 minutes is on time, 16 is not", () => {
    const doses = rows([log(plus(at(day, "08:00"), -15), med.id), log(plus(at(day, "12:00"), 16), med.id), log(plus(at(day, "16:00"), -16), med.id)]);
    expect(doses.slice(0, 3).map((d) => d.status)).toEqual(["on-time", "late", "early"]);
  });

  it("a skipped dose takes its slot and keeps its reason", () => {
    const doses = rows([log(at(day, "08:05"), med.id, { status: "skipped", skipReason: "Asleep" })]);
    expect(doses[0]).toMatchObject({ status: "skipped", skipReason: "Asleep", minutesOff: null });
    expect(
      adherence([history(med)], [log(at(day, "08:05"), med.id, { status: "skipped", skipReason: "Asleep" })], day, day, zone).summary,
    ).toMatchObject({
      skipped: 1,
      skippedByReason: [{ reason: "Asleep", count: 1 }],
    });
  });

  it("a second dose for one slot is extra and flagged when it came less than minInterval after the first", () => {
    const doses = rows([log(at(day, "08:00"), med.id), log(at(day, "08:20"), med.id, { loggedByName: "Carl" })]);
    const extra = doses.find((d) => d.status === "extra")!;
    expect(extra).toMatchObject({ loggedByName: "Carl", intervalMinutes: 20, tooSoon: true });
    expect(doses.filter((d) => d.slot === "08:00")).toHaveLength(1);
  });

  it("doses still inside their window at `now` are pending, not missed", () => {
    const doses = rows([], plus(at(day, "12:00"), 20));
    expect(doses.map((d) => d.status)).toEqual(["missed", "pending", "pending", "pending"]);
    expect(dayAtAGlance(adherence([history(med)], [], day, day, zone, plus(at(day, "12:00"), 20)).days[0]!.summary).lines).toEqual([
      "0 of 1 on time",
      "1 missed",
      "3 to come",
    ]);
  });
});

describe.each(DAYS_BY_ZONE)("flexible schedule (the built-in, every 240 min, 4 a day), %s on %s", (zone, day) => {
  const at = wall(zone);
  it("each dose against the previous one + 240 minutes; the shortfall is missed", () => {
    const first = at(day, "07:00");
    const logs = [log(first, null), log(plus(first, 250), null), log(plus(first, 250 + 200), null)];
    const doses = adherence([history(levodopa)], logs, day, day, zone).days[0]!.doses;
    expect(doses.map((d) => [d.slot, d.status, d.minutesOff, d.intervalMinutes])).toEqual([
      ["Dose 1", "on-time", null, null],
      ["Dose 2", "on-time", 10, 250],
      ["Dose 3", "early", -40, 200],
      ["Dose 4", "missed", null, null],
    ]);
    expect(doses[3]!.scheduledAt).toBe(plus(first, 450 + 240).toISOString());
    expect(doses[1]!.recommendedInterval).toBe(240);
  });
});

describe("which days have scheduled doses (DESIGN §13)", () => {
  const zone = "Europe/London";
  const at = wall(zone);
  const med = fixedMed(["09:00"]);
  it("none before the medication was first tracked, or while it was off; a back-dated log brings its day in", () => {
    // Tracked from 10 June 15:00 to 12 June 12:00, and again from 14 June.
    const tracked = [
      { from: at("2026-06-10", "15:00").toISOString(), until: at("2026-06-12", "12:00").toISOString() },
      { from: at("2026-06-14", "10:00").toISOString(), until: null },
    ];
    const result = adherence([history(med, tracked)], [], "2026-06-08", "2026-06-15", zone);
    const scheduled = result.days.map((d) => [d.date, d.doses.length]);
    // The first day counts whole; the later on-switch counts from its instant (14 June 09:00 is before 10:00).
    expect(scheduled).toEqual([
      ["2026-06-08", 0],
      ["2026-06-09", 0],
      ["2026-06-10", 1],
      ["2026-06-11", 1],
      ["2026-06-12", 1],
      ["2026-06-13", 0],
      ["2026-06-14", 0],
      ["2026-06-15", 1],
    ]);
    const backDated = adherence([history(med, tracked)], [log(at("2026-06-08", "09:05"), med.id)], "2026-06-08", "2026-06-09", zone);
    expect(backDated.days.map((d) => d.doses.map((x) => x.status))).toEqual([["on-time"], ["missed"]]);
  });

  it("a medication edited mid-range: each day is judged by the config in force that day", () => {
    const v2 = { ...med, fixedTimes: ["10:00", "22:00"], name: "Renamed" };
    const versions = [
      { validFrom: EPOCH, config: med },
      { validFrom: at("2026-06-11", "18:00").toISOString(), config: v2 },
    ];
    const logs = [log(at("2026-06-10", "09:00"), med.id), log(at("2026-06-12", "09:00"), med.id)];
    const result = adherence([history(med, undefined, versions)], logs, "2026-06-10", "2026-06-12", zone);
    expect(result.days.map((d) => d.doses.map((x) => [x.slot, x.status, x.minutesOff]))).toEqual([
      [["09:00", "on-time", 0]],
      [
        ["10:00", "missed", null],
        ["22:00", "missed", null],
      ],
      [
        ["10:00", "early", -60],
        ["22:00", "missed", null],
      ],
    ]);
    expect(result.days[0]!.doses[0]!.medicationName).toBe("Test fixed");
    expect(result.days[2]!.doses[0]!.medicationName).toBe("Renamed");
  });
});

describe("properties", () => {
  it("every scheduled dose of every day appears exactly once, and every log at most once", () => {
    const zone = "America/New_York";
    const at = wall(zone);
    const from = "2026-03-06";
    const to = "2026-03-10"; // spans the spring-forward day
    const start = at(from, "00:00").getTime();
    const span = at(addLocalDays(to, 1), "00:00").getTime() - start;
    const timesArb = fc.uniqueArray(
      fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(
        timesArb,
        fc.array(fc.integer({ min: -3 * 3_600_000, max: span + 3 * 3_600_000 }), { maxLength: 30 }),
        fc.boolean(),
        (times, offsets, skips) => {
          const med = fixedMed(times);
          const logs = offsets.map((o, i) =>
            log(new Date(start + o), med.id, skips && i % 3 === 0 ? { status: "skipped", skipReason: "Asleep" } : {}),
          );
          const result = adherence([history(med)], logs, from, to, zone);
          const rows = result.days.flatMap((d) => d.doses);
          const scheduled = rows.filter((r) => r.status !== "extra").map((r) => `${r.date} ${r.slot}`);
          const expected = result.days.flatMap((d) => [...new Set(times)].map((t) => `${d.date} ${t}`));
          expect(scheduled.sort()).toEqual(expected.sort());
          const logIds = rows.flatMap((r) => (r.logId ? [r.logId] : []));
          expect(new Set(logIds).size).toBe(logIds.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("two logs for one slot", () => {
  // 08:00 missed … 08:31 (too late for 08:00: early for 12:00) … 11:43 (12:00, 17 minutes early)
  it("the slot's dose is the nearest log; the other is extra", () => {
    const zone = "Asia/Kolkata";
    const at = wall(zone);
    const med = fixedMed(["08:00", "12:00"]);
    const doses = adherence(
      [history(med)],
      [log(at("2026-06-15", "08:31"), med.id), log(at("2026-06-15", "11:43"), med.id)],
      "2026-06-15",
      "2026-06-15",
      zone,
    ).days[0]!.doses;
    expect(doses.map((d) => [d.slot, d.status, d.minutesOff])).toEqual([
      ["08:00", "missed", null],
      [null, "extra", null],
      ["12:00", "early", -17],
    ]);
  });
});
