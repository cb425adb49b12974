import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ZONES } from "./test-support.ts";
import { addLocalDays, atLocalTime, dayWindow, formatClock, localDateOf, localTimeOf } from "./zoned-time.ts";

const HOUR = 3_600_000;

describe("wall-clock times in a zone", () => {
  it.each([
    // zone, day, expected length of the day in hours
    ["America/New_York", "2026-03-08", 23],
    ["America/New_York", "2026-11-01", 25],
    ["America/New_York", "2026-06-15", 24],
    ["Europe/London", "2026-03-29", 23],
    ["Europe/London", "2026-10-25", 25],
    ["Asia/Kolkata", "2026-03-08", 24],
    ["Pacific/Auckland", "2026-09-27", 23],
    ["Pacific/Auckland", "2026-04-05", 25],
  ])("%s %s lasts %i hours, 00:00:00.000 to 23:59:59.999", (zone, day, hours) => {
    const { start, end } = dayWindow(day, zone);
    expect(end.getTime() + 1 - start.getTime()).toBe(hours * HOUR);
    expect(localTimeOf(start, zone)).toBe("00:00");
    expect(localDateOf(start, zone)).toBe(day);
    expect(localDateOf(end, zone)).toBe(day);
    expect(localDateOf(new Date(end.getTime() + 1), zone)).toBe(addLocalDays(day, 1));
  });

  it("moves a time skipped by spring-forward ahead by the jump, and takes a repeated time's first occurrence", () => {
    // New York 2026-03-08: 01:59 EST → 03:00 EDT. 02:30 does not exist.
    expect(atLocalTime("2026-03-08", "02:30", "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    // New York 2026-11-01: 01:00–01:59 happens twice (EDT, then EST); the first is 05:30Z.
    expect(atLocalTime("2026-11-01", "01:30", "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(atLocalTime("2026-06-15", "08:00", "Asia/Kolkata").toISOString()).toBe("2026-06-15T02:30:00.000Z");
    expect(atLocalTime("2026-06-15", "08:00", "Pacific/Auckland").toISOString()).toBe("2026-06-14T20:00:00.000Z");
  });

  it("formats a time of day as h:mm AM/PM in the zone", () => {
    expect(formatClock("2026-06-15T00:05:00Z", "Europe/London")).toBe("1:05 AM");
    expect(formatClock("2026-06-15T12:00:00Z", "UTC")).toBe("12:00 PM");
    expect(formatClock("2026-06-15T00:00:00Z", "UTC")).toBe("12:00 AM");
    expect(formatClock("2026-06-15T18:30:00Z", "Asia/Kolkata")).toBe("12:00 AM");
  });

  it("property: a day window holds exactly the instants of that local day", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.date({ min: new Date("2000-01-01"), max: new Date("2040-01-01"), noInvalidDate: true }),
        (zone, instant) => {
          const day = localDateOf(instant, zone);
          const { start, end } = dayWindow(day, zone);
          expect(start.getTime() <= instant.getTime() && instant.getTime() <= end.getTime()).toBe(true);
          expect(localDateOf(new Date(start.getTime() - 1), zone)).not.toBe(day);
          expect(localDateOf(new Date(end.getTime() + 1), zone)).not.toBe(day);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
