import { describe, expect, it } from "vitest";
import { confirmDoseText, doseButtonText, firstName, loggedByText } from "./attribution.ts";
import { logsOnDay, newestFirst } from "./history.ts";
import { wall } from "./test-support.ts";

describe("attribution texts (SPEC §2)", () => {
  const own = { isOwnAccount: true, ownerName: "Pat Lee" };
  const forMary = { isOwnAccount: false, ownerName: "mary ann smith" };
  it("the big button", () => {
    expect(doseButtonText("Carbidopa-levodopa", own)).toBe("I TOOK MY CARBIDOPA-LEVODOPA");
    expect(doseButtonText("Carbidopa-levodopa", forMary)).toBe("I GAVE MARY CARBIDOPA-LEVODOPA");
  });
  it("the confirm line", () => {
    expect(confirmDoseText("Carbidopa-levodopa", "2:05 PM", own)).toBe("I took my Carbidopa-levodopa at 2:05 PM");
    expect(confirmDoseText("Carbidopa-levodopa", "2:05 PM", forMary)).toBe("I gave mary Carbidopa-levodopa at 2:05 PM");
    expect(firstName("  Cher ")).toBe("Cher");
  });
  it("'Logged by' only for someone other than the owner; a missing name is 'Unknown'", () => {
    expect(loggedByText({ userId: "u1", loggedByUserId: "u1", loggedByName: "Pat" })).toBeNull();
    expect(loggedByText({ userId: "u1", loggedByUserId: null })).toBeNull();
    expect(loggedByText({ userId: "u1", loggedByUserId: "c2", loggedByName: "Carl" })).toBe("Logged by Carl");
    expect(loggedByText({ userId: "u1", loggedByUserId: "c2", loggedByName: null })).toBe("Logged by Unknown");
    expect(loggedByText({ userId: "u1", loggedByUserId: "c2", loggedByName: "Carl", status: "skipped" })).toBe("Skipped by Carl");
  });
});

describe("history day window (SPEC §7)", () => {
  // New York, fall-back day 2026-11-01 (25 hours): the window is 00:00:00.000 EDT to 23:59:59.999 EST.
  const zone = "America/New_York";
  const at = wall(zone);
  const log = (id: string, d: Date) => ({ id, timestamp: d.toISOString() });
  const logs = [
    log("before", new Date(at("2026-11-01", "00:00").getTime() - 1)),
    log("first", at("2026-11-01", "00:00")),
    log("repeated-hour", new Date(at("2026-11-01", "01:30").getTime() + 3_600_000)), // 01:30 EST, the second one
    log("last", new Date(at("2026-11-02", "00:00").getTime() - 1)),
    log("after", at("2026-11-02", "00:00")),
  ];
  it("keeps exactly that local day's logs, newest first", () => {
    expect(newestFirst(logsOnDay(logs, "2026-11-01", zone)).map((l) => l.id)).toEqual(["last", "repeated-hour", "first"]);
  });
  it("orders equal times by id, stably", () => {
    const t = "2026-06-15T12:00:00.000Z";
    expect(
      newestFirst([
        { id: "b", timestamp: t },
        { id: "a", timestamp: t },
      ]).map((l) => l.id),
    ).toEqual(["a", "b"]);
  });
});
