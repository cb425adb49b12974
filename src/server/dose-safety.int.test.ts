import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shareAccount, startTestApp, type TestApp } from "../../test/harness.ts";
import type { PillLogDto } from "../shared/api-schemas.ts";
import { pillLogs } from "./db/schema.ts";

// DESIGN §12 over real HTTP: the double-dose guard and skipped doses. Margaret's zone is America/New_York, so
// 2026-11-20T14:02:00Z is 9:02 AM for her.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const NINE_02 = "2026-11-20T14:02:00.000Z";
const NINE_10 = "2026-11-20T14:10:00.000Z";

/** Margaret's account, shared with Anna and Carl. */
async function household() {
  const margaret = await app.signUp({ name: "Margaret" });
  const anna = await app.signUp({ name: "Anna" });
  const carl = await app.signUp({ name: "Carl" });
  await shareAccount(app.db, margaret, anna);
  await shareAccount(app.db, margaret, carl);
  const logs = `/api/accounts/${margaret.userId}/pill-logs`;
  const rows = () => app.db.select().from(pillLogs).where(eq(pillLogs.userId, margaret.userId));
  return { margaret, anna, carl, logs, rows };
}

describe("the double-dose guard", () => {
  it("Carl's dose 8 minutes after Anna's is a 409 naming her and storing nothing; confirmDuplicate stores it", async () => {
    const { anna, carl, logs, rows } = await household();
    const first = await anna.json<PillLogDto>("POST", logs, { id: randomUUID(), timestamp: NINE_02 });
    expect(first.status).toBe(201);
    const second = { id: randomUUID(), timestamp: NINE_10 };
    expect(await carl.json("POST", logs, second)).toEqual({
      status: 409,
      body: { error: "Already logged by Anna at 9:02 AM", existing: first.body },
    });
    expect(await rows()).toHaveLength(1);
    const confirmed = await carl.json<PillLogDto>("POST", logs, { ...second, confirmDuplicate: true });
    expect(confirmed).toMatchObject({ status: 201, body: { id: second.id, loggedByName: "Carl", status: "taken", skipReason: null } });
    expect(await rows()).toHaveLength(2);
  });

  it("a retried id answers the stored log (200), never a 409, and stores one row", async () => {
    const { anna, logs, rows } = await household();
    const dose = { id: randomUUID(), timestamp: NINE_02 };
    const first = await anna.json("POST", logs, dose);
    expect(first.status).toBe(201);
    expect(await anna.json("POST", logs, dose)).toEqual({ status: 200, body: first.body });
    expect(await rows()).toHaveLength(1);
  });

  it("exactly minInterval (60 minutes) later is no duplicate; another medication is none either", async () => {
    const { anna, margaret, logs, rows } = await household();
    await anna.post(logs, { timestamp: NINE_02 });
    expect((await anna.post(logs, { timestamp: "2026-11-20T15:02:00.000Z" })).status).toBe(201);
    const { body: med } = await margaret.json<{ id: string }>("POST", `/api/accounts/${margaret.userId}/custom-medications`, {
      name: "Amantadine",
      scheduleType: "fixed",
      fixedTimes: ["09:00"],
      timingRules: { minInterval: 60, maxInterval: 1440, recommendedInterval: 1440, dailyFrequency: 1 },
      displayConfig: { pillLabel: "Amantadine", timingLabel: "Next" },
    });
    expect((await anna.post(logs, { timestamp: NINE_10, medicationId: med.id })).status).toBe(201);
    expect(await rows()).toHaveLength(3);
  });

  it("a fixed schedule: a dose for a slot already taken is a 409 even outside minInterval", async () => {
    const { anna, carl, margaret, logs } = await household();
    const { body: med } = await margaret.json<{ id: string }>("POST", `/api/accounts/${margaret.userId}/custom-medications`, {
      name: "Sinemet",
      scheduleType: "fixed",
      fixedTimes: ["08:00", "14:00"],
      timingRules: { minInterval: 10, maxInterval: 720, recommendedInterval: 360, dailyFrequency: 2 },
      displayConfig: { pillLabel: "Sinemet", timingLabel: "Next" },
    });
    // 7:40 AM takes the 8:00 dose early; 8:30 AM (exactly 30 minutes late) is the same dose; 8:31 is early for 14:00.
    await anna.post(logs, { timestamp: "2026-11-20T12:40:00.000Z", medicationId: med.id });
    expect(await carl.json("POST", logs, { timestamp: "2026-11-20T13:30:00.000Z", medicationId: med.id })).toMatchObject({
      status: 409,
      body: { error: "Already logged by Anna at 7:40 AM" },
    });
    expect((await carl.post(logs, { timestamp: "2026-11-20T13:31:00.000Z", medicationId: med.id })).status).toBe(201);
  });

  it("20 pairs pressing in the same second: 20 rows and 20 conflicts, each naming the other's dose", async () => {
    const PAIRS = 20;
    const homes = await Promise.all(Array.from({ length: PAIRS }, () => household()));
    const results = await Promise.all(
      homes.flatMap(({ anna, carl, logs }) =>
        [anna, carl].map(async (who) => {
          const id = randomUUID();
          const res = await who.json<PillLogDto & { existing?: PillLogDto }>("POST", logs, { id, timestamp: NINE_02 });
          return { id, ...res };
        }),
      ),
    );
    const stored = await app.db
      .select()
      .from(pillLogs)
      .where(
        inArray(
          pillLogs.userId,
          homes.map((h) => h.margaret.userId),
        ),
      );
    const created = results.filter((r) => r.status === 201);
    const conflicts = results.filter((r) => r.status === 409);
    console.info(`race: ${PAIRS} pairs → ${stored.length} rows, ${conflicts.length} conflicts`);
    expect({ rows: stored.length, created: created.length, conflicts: conflicts.length }).toEqual({ rows: 20, created: 20, conflicts: 20 });
    // Each conflict names the row that won its pair.
    const storedIds = new Set(stored.map((r) => r.id));
    for (const c of conflicts) {
      expect(storedIds.has(c.body.existing!.id)).toBe(true);
      expect(c.body.existing!.id).not.toBe(c.id);
      expect(c.body).toMatchObject({ error: expect.stringMatching(/^Already logged by (Anna|Carl) at 9:02 AM$/) });
    }
  });
});

describe("skipped doses", () => {
  it("a skip is stored with its reason and listed in the history; a dose for the skipped slot asks first", async () => {
    const { anna, carl, logs } = await household();
    const skip = await anna.json<PillLogDto>("POST", logs, { timestamp: NINE_02, status: "skipped", skipReason: "Side effects" });
    expect(skip).toMatchObject({ status: 201, body: { status: "skipped", skipReason: "Side effects", loggedByName: "Anna" } });
    const own = await anna.json<PillLogDto>("POST", logs, {
      timestamp: "2026-11-20T19:00:00.000Z",
      status: "skipped",
      skipReason: "  Felt too sick to swallow  ",
    });
    expect(own.body.skipReason).toBe("Felt too sick to swallow");
    const history = await carl.json<PillLogDto[]>("GET", `${logs}?date=2026-11-20`);
    expect(history.body.map((l) => [l.status, l.skipReason])).toEqual([
      ["skipped", "Felt too sick to swallow"],
      ["skipped", "Side effects"],
    ]);
    expect(await carl.json("POST", logs, { timestamp: NINE_10 })).toMatchObject({
      status: 409,
      body: { error: "Already skipped by Anna at 9:02 AM (Side effects)", existing: { id: skip.body.id } },
    });
  });

  it("skipping a dose already taken is a 409 too", async () => {
    const { anna, carl, logs } = await household();
    await anna.post(logs, { timestamp: NINE_02 });
    expect(await carl.json("POST", logs, { timestamp: NINE_10, status: "skipped", skipReason: "Asleep" })).toMatchObject({
      status: 409,
      body: { error: "Already logged by Anna at 9:02 AM" },
    });
  });

  it.each([
    ["an unknown status", { status: "missed" }, "status must be 'taken' or 'skipped'"],
    ["a skip without a reason", { status: "skipped" }, "Please choose why the dose is skipped"],
    ["a blank reason", { status: "skipped", skipReason: "   " }, "Please choose why the dose is skipped"],
    ["a 201-character reason", { status: "skipped", skipReason: "x".repeat(201) }, "The reason must be at most 200 characters"],
    ["a reason that is not text", { status: "skipped", skipReason: 7 }, "skipReason: Invalid input: expected string, received number"],
    ["a reason on a taken dose", { status: "taken", skipReason: "Asleep" }, "A reason is given only for a skipped dose"],
    ["a reason without a status", { skipReason: "Asleep" }, "A reason is given only for a skipped dose"],
    ["a confirmDuplicate that is not a boolean", { confirmDuplicate: "yes" }, "confirmDuplicate must be true or false"],
  ])("refuses %s with a 400 and stores nothing", async (_label, extra, message) => {
    const { anna, logs, rows } = await household();
    expect(await anna.json("POST", logs, { timestamp: NINE_02, ...extra })).toEqual({ status: 400, body: { error: message } });
    expect(await rows()).toEqual([]);
  });
});
