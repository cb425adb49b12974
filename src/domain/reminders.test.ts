import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BUILT_IN_MEDICATIONS } from "./medications.ts";
import { DEFAULT_REMINDER_SETTINGS, parseReminderKey, upcomingReminders, type Reminder } from "./reminders.ts";
import { DAYS_BY_ZONE, fixedMed, logAt, wall } from "./test-support.ts";
import { addLocalDays, formatClock } from "./zoned-time.ts";

const levodopa = BUILT_IN_MEDICATIONS[0]!;
const MIN = 60_000;
const all = DEFAULT_REMINDER_SETTINGS;
const account = { id: "acc1" };
const brief = (rs: Reminder[], zone: string) => rs.map((r) => [r.kind, formatClock(r.at, zone), r.text]);

describe.each(DAYS_BY_ZONE)("upcoming reminders, %s on %s", (zone, day) => {
  const at = wall(zone);

  // Day: 08:00 levodopa logged | 11:00 pre-dose | 12:00 due | 12:10, 12:30 follow-ups
  it("flexible: pre-dose, due and follow-ups from the last log + recommendedInterval", () => {
    const logs = [logAt(at(day, "08:00"))];
    const rs = upcomingReminders([levodopa], logs, all, at(day, "08:05"), zone, account);
    expect(brief(rs, zone)).toEqual([
      ["pre-dose", "11:00 AM", "Finish any protein now: Carbidopa-levodopa at 12:00 PM"],
      ["dose-due", "12:00 PM", "Time for your Carbidopa-levodopa (12:00 PM)"],
      ["follow-up-10", "12:10 PM", "Carbidopa-levodopa is 10 minutes late"],
      ["follow-up-30", "12:30 PM", "Carbidopa-levodopa is 30 minutes late"],
    ]);
    expect(rs[1]!.key).toBe(`acc1:carbidopa-levodopa:${at(day, "12:00").toISOString()}:dose-due`);
    expect(parseReminderKey(rs[1]!.key)).toEqual({
      accountId: "acc1",
      medicationId: "carbidopa-levodopa",
      doseAt: at(day, "12:00"),
      kind: "dose-due",
    });
  });

  it("flexible: nothing before the day's first dose, nothing once the day is complete, nothing past midnight", () => {
    expect(upcomingReminders([levodopa], [], all, at(day, "09:00"), zone, account)).toEqual([]);
    const four = ["06:00", "10:00", "14:00", "18:00"].map((t) => logAt(at(day, t)));
    expect(upcomingReminders([levodopa], four, all, at(day, "18:05"), zone, account)).toEqual([]);
    // 21:00 + 240 min is tomorrow, which starts with its own first dose.
    expect(upcomingReminders([levodopa], [logAt(at(day, "21:00"))], all, at(day, "21:05"), zone, account)).toEqual([]);
  });

  it("a dose logged before its time cancels what was pending for it; a late one stops the follow-ups", () => {
    const logs = [logAt(at(day, "08:00"))];
    const early = [...logs, logAt(at(day, "11:50"))];
    expect(upcomingReminders([levodopa], early, all, at(day, "11:51"), zone, account).map((r) => formatClock(r.doseAt, zone))).not.toContain(
      "12:00 PM",
    );
    const late = [...logs, logAt(at(day, "12:05"))];
    expect(
      upcomingReminders([levodopa], late, all, at(day, "12:06"), zone, account).some(
        (r) => r.kind.startsWith("follow-up") && r.doseAt.getTime() === at(day, "12:00").getTime(),
      ),
    ).toBe(false);
  });

  // Day: 08:00 (taken 07:58) | 13:00 untaken | 20:00 untaken; now 12:00
  it("fixed: every untaken time of today, with tomorrow's first when it comes", () => {
    const med = fixedMed(["08:00", "13:00", "20:00"], { foodRestriction: { type: "no_dairy", before_minutes: 30, after_minutes: 30 } });
    const rs = upcomingReminders([med], [logAt(at(day, "07:58"), med.id)], { ...all, followUp: false }, at(day, "12:00"), zone, account);
    const tomorrow = addLocalDays(day, 1);
    expect(rs.map((r) => [r.kind, r.at.toISOString()])).toEqual([
      ["pre-dose", at(day, "12:30").toISOString()],
      ["dose-due", at(day, "13:00").toISOString()],
      ["pre-dose", at(day, "19:30").toISOString()],
      ["dose-due", at(day, "20:00").toISOString()],
      ["pre-dose", new Date(at(tomorrow, "08:00").getTime() - 30 * MIN).toISOString()],
      ["dose-due", at(tomorrow, "08:00").toISOString()],
      ["pre-dose", new Date(at(tomorrow, "13:00").getTime() - 30 * MIN).toISOString()],
      ["dose-due", at(tomorrow, "13:00").toISOString()],
      ["pre-dose", new Date(at(tomorrow, "20:00").getTime() - 30 * MIN).toISOString()],
      ["dose-due", at(tomorrow, "20:00").toISOString()],
    ]);
    expect(rs[0]!.text).toBe(`Finish any dairy now: Sinemet at ${formatClock(at(day, "13:00"), zone)}`);
  });

  it("a reminder more than 10 minutes late is dropped; exactly 10 minutes is still sent", () => {
    const med = fixedMed(["09:00"]);
    const kinds = (now: Date) =>
      upcomingReminders([med], [], all, now, zone, account)
        .filter((r) => r.doseAt.getTime() === at(day, "09:00").getTime())
        .map((r) => r.kind);
    expect(kinds(at(day, "09:10"))).toEqual(["dose-due", "follow-up-10", "follow-up-30"]);
    expect(kinds(new Date(at(day, "09:10").getTime() + 1))).toEqual(["follow-up-10", "follow-up-30"]);
    expect(kinds(at(day, "09:41"))).toEqual([]);
  });

  it("each kind follows its setting", () => {
    const logs = [logAt(at(day, "08:00"))];
    const kinds = (s: Partial<typeof all>) =>
      upcomingReminders([levodopa], logs, { ...all, ...s }, at(day, "08:05"), zone, account).map((r) => r.kind);
    expect(kinds({ preDose: false })).toEqual(["dose-due", "follow-up-10", "follow-up-30"]);
    expect(kinds({ doseDue: false, followUp: false })).toEqual(["pre-dose"]);
    expect(kinds({ doseDue: false, followUp: false, preDose: false })).toEqual([]);
  });

  it("SPEC §4 food reminder at the dose time minus its lead", () => {
    const med = fixedMed(["13:00"], {
      displayConfig: { pillLabel: "Metformin", timingLabel: "Next" },
      foodRequirement: { enabled: true, reminder_enabled: true, remind_minutes_before: 45 },
    });
    const food = upcomingReminders([med], [], all, at(day, "06:00"), zone, account).filter((r) => r.kind === "food");
    expect(food[0]).toMatchObject({
      at: at(day, "12:15"),
      text: `Remember to eat something by ${formatClock(at(day, "12:15"), zone)} before your next Metformin`,
    });
    expect(upcomingReminders([med], [], { ...all, food: false }, at(day, "06:00"), zone, account).some((r) => r.kind === "food")).toBe(false);
  });

  it("a snooze repeats the reminder at its time, until the dose is logged", () => {
    const logs = [logAt(at(day, "08:00"))];
    const due = upcomingReminders([levodopa], logs, all, at(day, "12:00"), zone, account).find((r) => r.kind === "dose-due")!;
    const snoozes = [{ key: due.key, until: at(day, "12:10") }];
    const snoozed = upcomingReminders([levodopa], logs, all, at(day, "12:01"), zone, { ...account, snoozes }).find((r) => r.kind === "snooze");
    expect(snoozed).toMatchObject({ at: at(day, "12:10"), text: due.text, doseKey: due.doseKey });
    const taken = [...logs, logAt(at(day, "12:03"))];
    expect(upcomingReminders([levodopa], taken, all, at(day, "12:04"), zone, { ...account, snoozes }).some((r) => r.kind === "snooze")).toBe(false);
  });
});

describe("upcoming reminders on a spring-forward day", () => {
  // New York, 2026-03-08: 02:00–02:59 do not exist; a 02:00 dose moves to 03:00, where another dose already is.
  it("two fixed times that become one instant make one dose with one set of reminders", () => {
    const at = wall("America/New_York");
    const med = fixedMed(["02:00", "03:00"]);
    const rs = upcomingReminders([med], [], { ...all, followUp: false }, at("2026-03-08", "01:00"), "America/New_York", account);
    expect(rs.filter((r) => r.doseAt.getTime() === at("2026-03-08", "03:00").getTime()).map((r) => [r.kind, r.text])).toEqual([
      ["dose-due", "Time for your Sinemet (3:00 AM)"],
    ]);
  });

  // London, 2026-03-29: 01:00–01:59 do not exist; 01:00 and 02:00 are both 02:00 BST.
  it("one log at that instant takes the dose, leaving no reminder for it", () => {
    const at = wall("Europe/London");
    const med = fixedMed(["01:00", "02:00"]);
    const dose = at("2026-03-29", "02:00");
    expect(
      upcomingReminders([med], [logAt(dose, med.id)], all, dose, "Europe/London", account).filter((r) => r.doseAt.getTime() === dose.getTime()),
    ).toEqual([]);
  });
});

describe("upcoming reminders: properties", () => {
  const zones = fc.constantFrom(...DAYS_BY_ZONE);
  const hours = fc.uniqueArray(fc.integer({ min: 0, max: 23 }), { minLength: 1, maxLength: 6 });

  // Times an hour apart or more, a log within 29 minutes: the dose is the nearest one (at 30 minutes a tie goes to the earlier).
  it("a logged fixed dose leaves no reminder for itself", () => {
    fc.assert(
      fc.property(zones, hours, fc.nat(), fc.integer({ min: -29, max: 29 }), ([zone, day], hs, pick, offset) => {
        const times = hs.map((h) => `${String(h).padStart(2, "0")}:00`);
        const med = fixedMed(times);
        const dose = wall(zone)(day, times[pick % times.length]!);
        const logTime = new Date(dose.getTime() + offset * MIN);
        const rs = upcomingReminders([med], [logAt(logTime, med.id)], all, logTime, zone, account);
        expect(rs.filter((r) => r.doseAt.getTime() === dose.getTime())).toEqual([]);
      }),
    );
  });

  it("a logged flexible dose leaves no reminder for a dose at or before it", () => {
    fc.assert(
      fc.property(zones, fc.array(fc.integer({ min: 0, max: 23 * 60 + 59 }), { minLength: 0, maxLength: 5 }), ([zone, day], minutes) => {
        const start = wall(zone)(day, "00:00").getTime();
        const times = [...minutes].sort((a, b) => a - b).map((m) => new Date(start + m * MIN));
        const last = times.at(-1) ?? new Date(start);
        const rs = upcomingReminders(
          [levodopa],
          times.map((t) => logAt(t)),
          all,
          last,
          zone,
          account,
        );
        expect(rs.every((r) => r.doseAt.getTime() > last.getTime())).toBe(true);
      }),
    );
  });

  it("keys are stable across calls and unique within one", () => {
    fc.assert(
      fc.property(zones, hours, fc.integer({ min: 0, max: 24 * 60 - 1 }), ([zone, day], hs, minute) => {
        const med = fixedMed(
          hs.map((h) => `${String(h).padStart(2, "0")}:00`),
          { foodRestriction: { type: "protein", before_minutes: 60, after_minutes: 60 } },
        );
        const now = new Date(wall(zone)(day, "00:00").getTime() + minute * MIN);
        const logs = [logAt(new Date(now.getTime() - 3 * 60 * MIN), med.id), logAt(new Date(now.getTime() - 60 * MIN))];
        const a = upcomingReminders([med, levodopa], logs, all, now, zone, account);
        const b = upcomingReminders([levodopa, med], [...logs].reverse(), all, new Date(now.getTime() + 1000), zone, account);
        const keys = a.map((r) => r.key);
        expect(new Set(keys).size).toBe(keys.length);
        // A second later, the same reminders (less any that just fell out of the 10-minute window) keep their keys.
        expect(b.map((r) => r.key)).toEqual(keys.filter((k) => b.some((r) => r.key === k)));
        expect(a.filter((r) => r.at.getTime() > now.getTime() + 1000).every((r) => b.some((x) => x.key === r.key))).toBe(true);
      }),
    );
  });
});
