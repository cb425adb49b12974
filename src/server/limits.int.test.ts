import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";
import { DEFAULT_MEDICATION_ID } from "../domain/medications.ts";
import { customMedications, pillLogs, shareInvitations } from "./db/schema.ts";
import type { RunningServer } from "./server.ts";

let app: TestApp;
let second: RunningServer;
beforeAll(async () => {
  app = await startTestApp();
  second = await app.startAnother();
});
afterAll(() => app?.close());
afterEach(() => {
  vi.useRealTimers();
});

const TOO_MANY = { error: "Too many changes in a short time. Please wait a minute and try again." };
const medication = (name: string) => ({
  name,
  scheduleType: "flexible",
  timingRules: { minInterval: 60, maxInterval: 720, recommendedInterval: 480, dailyFrequency: 2 },
  displayConfig: { pillLabel: name, timingLabel: "Next" },
});

/** The same signed-in user, through the second app server. */
function onSecond(user: Client): Client {
  const c = new Client(second.url, user.ip);
  for (const [k, v] of user.jar) c.jar.set(k, v);
  return c;
}

describe("per-user write limit (60 a minute, shared by every app server)", () => {
  it("does not count refused writes: 100 bad requests in a row leave the minute's allowance untouched", async () => {
    const user = await app.signUp();
    vi.useFakeTimers({ toFake: ["Date"] });
    for (let i = 0; i < 100; i++) {
      expect((await user.put(`/api/accounts/${user.userId}/medications`, { medicationIds: "not a list" })).status).toBe(400);
    }
    expect((await user.put(`/api/accounts/${user.userId}/medications`, { medicationIds: [DEFAULT_MEDICATION_ID] })).status).toBe(200);
  });

  it("answers the 61st write in a minute with 429 and Retry-After, across two servers, and lets writes through once it has passed", async () => {
    const user = await app.signUp();
    const other = await app.signUp();
    const viaSecond = onSecond(user);
    const tracked = { medicationIds: [DEFAULT_MEDICATION_ID] };
    // NOTE: rate-limiter-flexible reads Date.now(); a stopped Date is the fake clock (timers stay real).
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    for (let i = 0; i < 30; i++) {
      expect((await user.put(`/api/accounts/${user.userId}/medications`, tracked)).status).toBe(200);
      expect((await viaSecond.put(`/api/accounts/${user.userId}/medications`, tracked)).status).toBe(200);
    }
    for (const c of [user, viaSecond]) {
      const refused = await c.request("POST", `/api/accounts/${user.userId}/pill-logs`, { timestamp: new Date(start - 60_000).toISOString() });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual(TOO_MANY);
      expect(refused.headers.get("retry-after")).toBe("60");
    }
    expect(await app.db.$count(pillLogs)).toBe(0);
    // Reads and other users are not limited.
    expect((await user.get(`/api/accounts/${user.userId}/medications`)).status).toBe(200);
    expect((await other.put(`/api/accounts/${other.userId}/medications`, tracked)).status).toBe(200);

    vi.setSystemTime(start + 59_000);
    expect((await user.put(`/api/accounts/${user.userId}/medications`, tracked)).status).toBe(429);
    vi.setSystemTime(start + 60_000);
    expect((await user.put(`/api/accounts/${user.userId}/medications`, tracked)).status).toBe(200);
  });
});

describe("caps a family never meets", () => {
  it("refuses a 51st pending invitation with 409, and takes one again once one is cancelled", async () => {
    const owner = await app.signUp();
    await app.db.insert(shareInvitations).values(
      Array.from({ length: 50 }, (_, i) => ({
        id: randomBytes(16).toString("base64url"),
        ownerUserId: owner.userId,
        ownerName: "Pat Example",
        ownerEmail: owner.email,
        invitedEmail: `friend${i}@example.test`,
      })),
    );
    const refused = await owner.json("POST", `/api/accounts/${owner.userId}/invitations`, { email: "one-more@example.test" });
    expect(refused).toEqual({ status: 409, body: { error: "You can have at most 50 pending invitations. Cancel one to send another." } });
    const pending = await owner.json<Array<{ id: string }>>("GET", `/api/accounts/${owner.userId}/invitations`);
    expect(pending.body).toHaveLength(50);
    expect((await owner.delete(`/api/accounts/${owner.userId}/invitations/${pending.body[0]!.id}`)).status).toBe(204);
    expect((await owner.post(`/api/accounts/${owner.userId}/invitations`, { email: "one-more@example.test" })).status).toBe(201);
  });

  it("refuses a 201st custom medication with 409 and stores nothing", async () => {
    const owner = await app.signUp();
    await app.db
      .insert(customMedications)
      .values(Array.from({ length: 200 }, (_, i) => ({ userId: owner.userId, name: `Med ${i}`, config: medication(`Med ${i}`) })));
    const refused = await owner.json("POST", `/api/accounts/${owner.userId}/custom-medications`, medication("One More"));
    expect(refused).toEqual({ status: 409, body: { error: "You can have at most 200 custom medications. Delete one to add another." } });
    expect((await owner.json<unknown[]>("GET", `/api/accounts/${owner.userId}/custom-medications`)).body).toHaveLength(200);
  });
});

describe("bounded history reads", () => {
  it("reads at most 366 days back without a date, refuses an older `since`, and still reads an old day by its date", async () => {
    const owner = await app.signUp();
    const day = 24 * 60 * 60_000;
    const old = new Date(Date.now() - 400 * day);
    const recent = new Date(Date.now() - 10 * day);
    const log = (timestamp: Date) => ({ id: randomUUID(), userId: owner.userId, timestamp, loggedByUserId: owner.userId, loggedByName: "Pat" });
    await app.db.insert(pillLogs).values([log(old), log(recent)]);
    const logs = `/api/accounts/${owner.userId}/pill-logs`;

    const all = await owner.json<Array<{ timestamp: string }>>("GET", logs);
    expect(all.body.map((l) => l.timestamp)).toEqual([recent.toISOString()]);

    const tooFar = await owner.json("GET", `${logs}?since=${encodeURIComponent(new Date(Date.now() - 367 * day).toISOString())}`);
    expect(tooFar).toEqual({ status: 400, body: { error: "since must be within the last 366 days; read older days one date at a time" } });
    const within = await owner.json<unknown[]>("GET", `${logs}?since=${encodeURIComponent(new Date(Date.now() - 365 * day).toISOString())}`);
    expect(within.body).toHaveLength(1);

    // The owner's zone is America/New_York; the old log's local date there.
    const oldDate = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(old);
    const byDate = await owner.json<Array<{ timestamp: string }>>("GET", `${logs}?date=${oldDate}`);
    expect(byDate.body.map((l) => l.timestamp)).toEqual([old.toISOString()]);
  });
});
