import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ZONES } from "./test-support.ts";
import { clampHour, clampMinute, from24Hour, pickedInstant, pickerValueAt, pickerValueToInstant, to24Hour } from "./time-picker.ts";
import { localDateOf } from "./zoned-time.ts";

describe("time picker maths (SPEC §5)", () => {
  it.each([
    [Number.NaN, 1],
    [-3, 1],
    [0, 1],
    [1, 1],
    [7.9, 7],
    [12, 12],
    [13, 12],
    [Infinity, 12],
  ])("clampHour(%d) = %d", (h, expected) => expect(clampHour(h)).toBe(expected));

  it.each([
    [Number.NaN, 0],
    [-1, 0],
    [0, 0],
    [59, 59],
    [60, 59],
    [30.7, 30],
  ])("clampMinute(%d) = %d", (m, expected) => expect(clampMinute(m)).toBe(expected));

  it.each([
    [12, "AM", 0],
    [12, "PM", 12],
    [1, "AM", 1],
    [11, "PM", 23],
    [7, "PM", 19],
  ] as const)("%i %s is %i:00", (h, p, h24) => {
    expect(to24Hour(h, p)).toBe(h24);
    expect(from24Hour(h24)).toEqual({ hour: h, period: p });
  });

  it("property: the clamps are idempotent and stay in range", () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer()), (x) => {
        const h = clampHour(x);
        const m = clampMinute(x);
        expect(h >= 1 && h <= 12 && Number.isInteger(h)).toBe(true);
        expect(m >= 0 && m <= 59 && Number.isInteger(m)).toBe(true);
        expect(clampHour(h)).toBe(h);
        expect(clampMinute(m)).toBe(m);
      }),
      { numRuns: 1000 },
    );
  });

  it("property: 12-hour ↔ 24-hour round-trips", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), (h24) => {
        const { hour, period } = from24Hour(h24);
        expect(to24Hour(hour, period)).toBe(h24);
      }),
      { numRuns: 1000 },
    );
  });

  it("property: a picked time maps to an instant and back, in any zone (minutes that exist)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.date({ min: new Date("2020-01-01"), max: new Date("2035-01-01"), noInvalidDate: true }),
        (zone, instant) => {
          const whole = new Date(Math.floor(instant.getTime() / 60_000) * 60_000);
          const value = pickerValueAt(whole, zone);
          const back = pickerValueToInstant(localDateOf(whole, zone), value, zone);
          // A repeated hour (fall-back) maps to its first occurrence, which shows the same wall time.
          expect(pickerValueAt(back, zone)).toEqual(value);
          expect(Math.abs(back.getTime() - whole.getTime()) === 0 || Math.abs(back.getTime() - whole.getTime()) === 3_600_000).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("pickedInstant: the most recent occurrence of the picked time", () => {
  const zone = "Europe/London";
  const now = new Date("2026-06-15T13:00:00Z"); // 14:00 BST
  it.each([
    [{ hour: 1, minute: 30, period: "PM" }, "2026-06-15T12:30:00.000Z"],
    [{ hour: 2, minute: 0, period: "PM" }, "2026-06-15T13:00:00.000Z"],
    [{ hour: 2, minute: 3, period: "PM" }, "2026-06-15T13:00:00.000Z"], // just ahead: now
    [{ hour: 2, minute: 6, period: "PM" }, "2026-06-14T13:06:00.000Z"], // more than 5 minutes ahead: yesterday
    [{ hour: 11, minute: 0, period: "PM" }, "2026-06-14T22:00:00.000Z"],
    [{ hour: 12, minute: 0, period: "AM" }, "2026-06-14T23:00:00.000Z"], // midnight starting today
  ] as const)("%j → %s", (value, iso) => {
    expect(pickedInstant(now, value, zone).toISOString()).toBe(iso);
  });
});
