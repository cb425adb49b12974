import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shareAccount, startTestApp, type TestApp } from "../../test/harness.ts";
import { customMedications, pillLogs, userMedications } from "./db/schema.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const sinemet = {
  name: "Sinemet CR",
  scheduleType: "fixed",
  fixedTimes: ["08:00", "14:00", "20:00"],
  timingRules: { minInterval: 60, maxInterval: 720, recommendedInterval: 360, dailyFrequency: 3 },
  foodRequirement: { enabled: true, reminder_enabled: true, remind_minutes_before: 30 },
  displayConfig: { pillLabel: "Sinemet", timingLabel: "Next" },
};

describe("medications", () => {
  it("a new account tracks the built-in medication", async () => {
    const owner = await app.signUp();
    const res = await owner.json<Array<{ id: string; name: string }>>("GET", `/api/accounts/${owner.userId}/medications`);
    expect(res.status).toBe(200);
    expect(res.body.map((m) => m.id)).toEqual(["carbidopa-levodopa"]);
    expect(await app.db.select().from(userMedications).where(eq(userMedications.userId, owner.userId))).toMatchObject([
      { medicationIds: ["carbidopa-levodopa"] },
    ]);
  });

  it("creates, reads, edits and deletes a custom medication; creating tracks it, deleting untracks it", async () => {
    const owner = await app.signUp();
    const base = `/api/accounts/${owner.userId}`;
    const created = await owner.json<{ id: string; name: string; isDefault: boolean }>("POST", `${base}/custom-medications`, sinemet);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Sinemet CR", isDefault: false, fixedTimes: ["08:00", "14:00", "20:00"], description: "" });
    const id = created.body.id;
    expect((await owner.json<Array<{ name: string }>>("GET", `${base}/medications`)).body.map((m) => m.name)).toEqual([
      "Carbidopa-levodopa. 4xDay every 4 hours. Protein avoidance 1 hour before & after.",
      "Sinemet CR",
    ]);
    expect((await owner.json("GET", `${base}/custom-medications/${id}`)).body).toMatchObject({ id, name: "Sinemet CR" });
    expect((await owner.json<unknown[]>("GET", `${base}/custom-medications`)).body).toHaveLength(1);

    const edited = await owner.json("PATCH", `${base}/custom-medications/${id}`, { ...sinemet, name: "Rytary", fixedTimes: ["09:00"] });
    expect(edited).toMatchObject({ status: 200, body: { id, name: "Rytary", fixedTimes: ["09:00"] } });

    expect((await owner.delete(`${base}/custom-medications/${id}`)).status).toBe(204);
    expect((await owner.json<Array<{ id: string }>>("GET", `${base}/medications`)).body.map((m) => m.id)).toEqual(["carbidopa-levodopa"]);
    expect(await owner.json("GET", `${base}/custom-medications/${id}`)).toEqual({ status: 404, body: { error: "Medication not found" } });
    expect((await owner.delete(`${base}/custom-medications/${id}`)).status).toBe(404);
  });

  it("PUT sets the tracked list; an empty list keeps the built-in; an unknown id is refused and changes nothing", async () => {
    const owner = await app.signUp();
    const base = `/api/accounts/${owner.userId}`;
    const { body: med } = await owner.json<{ id: string }>("POST", `${base}/custom-medications`, sinemet);
    expect((await owner.json<Array<{ id: string }>>("PUT", `${base}/medications`, { medicationIds: [med.id] })).body.map((m) => m.id)).toEqual([
      med.id,
    ]);
    expect((await owner.json<Array<{ id: string }>>("PUT", `${base}/medications`, { medicationIds: [] })).body.map((m) => m.id)).toEqual([
      "carbidopa-levodopa",
    ]);
    const other = await app.signUp();
    const { body: theirs } = await other.json<{ id: string }>("POST", `/api/accounts/${other.userId}/custom-medications`, sinemet);
    for (const bad of [["made-up-drug"], [theirs.id], ["carbidopa-levodopa", "x".repeat(101)]]) {
      expect(await owner.json("PUT", `${base}/medications`, { medicationIds: bad })).toEqual({
        status: 400,
        body: { error: "Medication not found" },
      });
    }
    expect((await owner.json<Array<{ id: string }>>("GET", `${base}/medications`)).body.map((m) => m.id)).toEqual(["carbidopa-levodopa"]);
  });

  it("prunes ids that no longer resolve from the stored list (SPEC §4) on the next write; a read writes nothing", async () => {
    const owner = await app.signUp();
    const stale = ["carbidopa-levodopa", randomUUID(), "retired-drug"];
    await app.db.update(userMedications).set({ medicationIds: stale }).where(eq(userMedications.userId, owner.userId));
    const stored = async () => (await app.db.select().from(userMedications).where(eq(userMedications.userId, owner.userId)))[0]!.medicationIds;
    expect((await owner.json<Array<{ id: string }>>("GET", `/api/accounts/${owner.userId}/medications`)).body.map((m) => m.id)).toEqual([
      "carbidopa-levodopa",
    ]);
    expect(await stored()).toEqual(stale);
    const { body: med } = await owner.json<{ id: string }>("POST", `/api/accounts/${owner.userId}/custom-medications`, sinemet);
    expect(await stored()).toEqual(["carbidopa-levodopa", med.id]);
  });

  it.each([
    [{ ...sinemet, name: "" }, "Name is required"],
    [{ ...sinemet, fixedTimes: ["8am"] }, "Times must be HH:MM, such as 08:00 or 14:30"],
    [{ ...sinemet, fixedTimes: [] }, "A fixed schedule needs at least one time"],
    [{ ...sinemet, timingRules: { ...sinemet.timingRules, dailyFrequency: 30 } }, "Doses per day must be between 1 and 24"],
    [{ ...sinemet, timingRules: { ...sinemet.timingRules, minInterval: 400 } }, "Recommended interval cannot be shorter than the minimum interval"],
    [{ ...sinemet, timingRules: { ...sinemet.timingRules, maxInterval: 100 } }, "Maximum interval cannot be shorter than the recommended interval"],
    [{ ...sinemet, displayConfig: { pillLabel: "", timingLabel: "Next" } }, "Pill label is required"],
    [{ ...sinemet, scheduleType: "sometimes" }, "Schedule type must be fixed or flexible"],
    [{ ...sinemet, secret: 1 }, "Unknown field: secret"],
  ])("refuses an invalid config with its message and writes nothing: %#", async (body, message) => {
    const owner = await app.signUp();
    expect(await owner.json("POST", `/api/accounts/${owner.userId}/custom-medications`, body)).toEqual({ status: 400, body: { error: message } });
    expect(await app.db.select().from(customMedications).where(eq(customMedications.userId, owner.userId))).toEqual([]);
  });
});

describe("pill logs", () => {
  it("saves a dose logged by the session's user, and the same id twice gives one row", async () => {
    const owner = await app.signUp({ name: "Olive Owner" });
    const base = `/api/accounts/${owner.userId}/pill-logs`;
    const id = randomUUID();
    const timestamp = new Date(Date.now() - 60_000).toISOString();
    const first = await owner.json("POST", base, { id, timestamp, medicationId: "carbidopa-levodopa" });
    expect(first).toMatchObject({
      status: 201,
      body: { id, userId: owner.userId, timestamp, loggedByUserId: owner.userId, loggedByName: "Olive Owner", medicationId: "carbidopa-levodopa" },
    });
    const again = await owner.json("POST", base, { id, timestamp, medicationId: "carbidopa-levodopa" });
    expect(again).toEqual({ status: 200, body: first.body });
    expect(await app.db.select().from(pillLogs).where(eq(pillLogs.id, id))).toHaveLength(1);
    // Someone else cannot reuse the id for their own account.
    const other = await app.signUp();
    expect((await other.json("POST", `/api/accounts/${other.userId}/pill-logs`, { id, timestamp })).status).toBe(409);
  });

  it.each([
    [{ timestamp: "yesterday" }, "timestamp must be an ISO date and time, such as 2026-05-01T08:00:00Z"],
    [{ timestamp: "2026-05-01T08:00:00" }, "timestamp must be an ISO date and time, such as 2026-05-01T08:00:00Z"],
    [{ timestamp: new Date(Date.now() + 3_600_000).toISOString() }, "The dose time cannot be in the future"],
    [{ timestamp: new Date().toISOString(), medicationId: "made-up-drug" }, "Medication not found"],
    [{ timestamp: new Date().toISOString(), id: "not-a-uuid" }, "id must be a UUID"],
    [{ timestamp: new Date().toISOString(), loggedByName: "Someone Else" }, "Unknown field: loggedByName"],
  ])("refuses %j with a clear message and writes nothing", async (body, message) => {
    const owner = await app.signUp();
    expect(await owner.json("POST", `/api/accounts/${owner.userId}/pill-logs`, body)).toEqual({ status: 400, body: { error: message } });
    expect(await app.db.select().from(pillLogs).where(eq(pillLogs.userId, owner.userId))).toEqual([]);
  });

  it("history: newest first with medicationName, filtered by a local day across a DST change, and by medication", async () => {
    const owner = await app.signUp(); // zone America/New_York
    const base = `/api/accounts/${owner.userId}/pill-logs`;
    // 2026-11-01 in New York is 25 hours: 04:00Z (00:00 EDT) to 04:59:59.999Z next day (23:59:59.999 EST).
    const stamps = [
      "2026-11-01T03:59:59.999Z",
      "2026-11-01T04:00:00.000Z",
      "2026-11-01T06:30:00.000Z",
      "2026-11-02T04:59:59.999Z",
      "2026-11-02T05:00:00.000Z",
    ];
    for (const timestamp of stamps) expect((await owner.post(base, { timestamp, confirmDuplicate: true })).status).toBe(201);
    const { body: med } = await owner.json<{ id: string }>("POST", `/api/accounts/${owner.userId}/custom-medications`, sinemet);
    await owner.post(base, { timestamp: "2026-11-01T12:00:00.000Z", medicationId: med.id });

    const day = await owner.json<Array<{ timestamp: string; medicationName: string }>>("GET", `${base}?date=2026-11-01`);
    expect(day.body.map((l) => l.timestamp)).toEqual([
      "2026-11-02T04:59:59.999Z",
      "2026-11-01T12:00:00.000Z",
      "2026-11-01T06:30:00.000Z",
      "2026-11-01T04:00:00.000Z",
    ]);
    expect(day.body[1]!.medicationName).toBe("Sinemet CR");
    expect(day.body[0]!.medicationName).toBe("Carbidopa-levodopa. 4xDay every 4 hours. Protein avoidance 1 hour before & after.");
    const onlySinemet = await owner.json<unknown[]>("GET", `${base}?date=2026-11-01&medicationId=${med.id}`);
    expect(onlySinemet.body).toHaveLength(1);
    expect((await owner.json<unknown[]>("GET", base)).body).toHaveLength(6);
    expect(await owner.json("GET", `${base}?date=2026-13-01`)).toEqual({ status: 400, body: { error: "date must be YYYY-MM-DD" } });
    expect(await owner.json("GET", `${base}?colour=red`)).toEqual({ status: 400, body: { error: "Unknown parameter: colour" } });
    // One day or everything since an instant: asking for both is refused, not merged.
    expect(await owner.json("GET", `${base}?date=2026-11-01&since=2026-11-01T04:00:00.000Z`)).toEqual({
      status: 400,
      body: { error: "Give either date or since, not both" },
    });
  });

  it("deletes a log; a missing or malformed id is a 404", async () => {
    const owner = await app.signUp();
    const base = `/api/accounts/${owner.userId}/pill-logs`;
    const { body } = await owner.json<{ id: string }>("POST", base, { timestamp: new Date().toISOString() });
    expect((await owner.delete(`${base}/${body.id}`)).status).toBe(204);
    expect(await owner.json("DELETE", `${base}/${body.id}`)).toEqual({ status: 404, body: { error: "Log not found" } });
    expect((await owner.delete(`${base}/not-a-uuid`)).status).toBe(404);
  });
});

describe("who may call what (DESIGN §5)", () => {
  it("owner, caregiver, another user and signed out get DESIGN §5's statuses, and a refused write changes nothing", async () => {
    const owner = await app.signUp({ name: "Owner Person" });
    const caregiver = await app.signUp({ name: "Carer Person" });
    const stranger = await app.signUp();
    const signedOut = app.client();
    await shareAccount(app.db, owner, caregiver);
    const base = `/api/accounts/${owner.userId}`;
    const { body: med } = await owner.json<{ id: string }>("POST", `${base}/custom-medications`, sinemet);
    const { body: log } = await owner.json<{ id: string }>("POST", `${base}/pill-logs`, { timestamp: new Date().toISOString() });
    const snapshot = async () => ({
      meds: await app.db.select().from(customMedications).where(eq(customMedications.userId, owner.userId)),
      list: await app.db.select().from(userMedications).where(eq(userMedications.userId, owner.userId)),
      logs: await app.db.select().from(pillLogs).where(eq(pillLogs.userId, owner.userId)),
    });

    type Call = [string, string, unknown?];
    const reads: Call[] = [
      ["GET", `${base}/medications`],
      ["GET", `${base}/custom-medications`],
      ["GET", `${base}/custom-medications/${med.id}`],
      ["GET", `${base}/pill-logs`],
    ];
    const manages: Call[] = [
      ["PUT", `${base}/medications`, { medicationIds: ["carbidopa-levodopa"] }],
      ["POST", `${base}/custom-medications`, sinemet],
      ["PATCH", `${base}/custom-medications/${med.id}`, { ...sinemet, name: "Changed" }],
      ["DELETE", `${base}/custom-medications/${med.id}`],
    ];
    const logs: Call[] = [
      ["POST", `${base}/pill-logs`, { timestamp: new Date().toISOString(), confirmDuplicate: true }],
      ["DELETE", `${base}/pill-logs/${log.id}`],
    ];
    const expectStatus = async (who: typeof owner | typeof signedOut, calls: Call[], status: number) => {
      for (const [method, path, body] of calls)
        expect([method, path, (await who.request(method, path, body)).status]).toEqual([method, path, status]);
    };

    const before = await snapshot();
    await expectStatus(stranger, [...reads, ...manages, ...logs], 404);
    await expectStatus(signedOut, [...reads, ...manages, ...logs], 401);
    await expectStatus(caregiver, manages, 403);
    expect(await snapshot()).toEqual(before);

    await expectStatus(caregiver, reads, 200);
    const given = await caregiver.json("POST", `${base}/pill-logs`, { timestamp: new Date().toISOString(), confirmDuplicate: true });
    expect(given).toMatchObject({ status: 201, body: { userId: owner.userId, loggedByUserId: caregiver.userId, loggedByName: "Carer Person" } });
    expect((await caregiver.request("DELETE", `${base}/pill-logs/${log.id}`)).status).toBe(204);
  });
});
