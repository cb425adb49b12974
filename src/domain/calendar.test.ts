import { describe, expect, it } from "vitest";
import { addMonths, longDayTitle, monthRange, monthWeeks } from "./calendar.ts";

describe("calendar", () => {
  it("months: ranges across leap years, stepping across years, weeks Sunday first", () => {
    expect(monthRange("2028-02")).toEqual(["2028-02-01", "2028-02-29"]);
    expect(monthRange("2026-12")).toEqual(["2026-12-01", "2026-12-31"]);
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    const weeks = monthWeeks("2026-11"); // 1 November 2026 is a Sunday
    expect(weeks[0]![0]).toBe("2026-11-01");
    expect(weeks.at(-1)!.filter(Boolean).at(-1)).toBe("2026-11-30");
    expect(monthWeeks("2026-10")[0]!.slice(0, 5)).toEqual([null, null, null, null, "2026-10-01"]);
    expect(longDayTitle("2026-03-08")).toBe("Sunday 8 March 2026");
  });
});
