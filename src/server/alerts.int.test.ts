import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeClock } from "../../test/fake-clock.ts";
import { shareAccount, startTestApp, type Client, type TestApp } from "../../test/harness.ts";
import { startPushService, type PushService } from "../../test/push-service.ts";
import type { AdherenceDto } from "../shared/api-schemas.ts";
import { addLocalDays, atLocalTime, formatClock, localDateOf, localTimeOf } from "../domain/zoned-time.ts";
import { caregiverAlerts, pillLogs, reminderDeliveries } from "./db/schema.ts";
import type { PushPayload } from "./push.ts";
import type { RunningServer } from "./server.ts";

// DESIGN §12 missed-dose alerts end to end: two app servers on one database, the scheduler on a fake clock, a real
// push service on loopback (VAPID checked, payload decrypted) and the SMTP catcher.

const ZONE = "America/New_York"; // the harness signs everyone up in New York
const MIN = 60_000;

// Start at the next 06:00 in New York: the skip story runs at 08:00–08:10, the alert stories after it, on one day.
const realNow = new Date();
const today = localDateOf(realNow, ZONE);
const sixToday = atLocalTime(today, "06:00", ZONE);
const clock = new FakeClock(sixToday.getTime() > realNow.getTime() ? sixToday : atLocalTime(addLocalDays(today, 1), "06:00", ZONE));
const day = localDateOf(clock.now(), ZONE);

let app: TestApp;
let push: PushService;
let second: RunningServer;
let publicKey: string;

beforeAll(async () => {
  push = await startPushService();
  app = await startTestApp({}, { clock });
  publicKey = (await app.client().json<{ publicKey: string }>("GET", "/api/push/public-key")).body.publicKey;
  // Every story runs with a second server on the same database: each message must still arrive once.
  second = await app.startAnother();
});
afterAll(async () => {
  await app?.close();
  await push?.close();
});

const idle = async () => {
  await app.server.reminders.idle();
  await second?.reminders.idle();
};
const moveTo = (at: Date) => clock.advanceTo(at, idle);
const later = (at: Date, minutes: number) => new Date(at.getTime() + minutes * MIN);
type Person = Client & { userId: string; email: string };

/** Margaret tracks "Sinemet" once a day, an hour from now; she has no device of her own. */
async function ownerWithDose() {
  const owner = (await app.signUp({ name: "Margaret" })) as Person;
  const doseAt = later(clock.now(), 60);
  const med = await owner.json<{ id: string }>("POST", `/api/accounts/${owner.userId}/custom-medications`, {
    name: "Sinemet",
    scheduleType: "fixed",
    fixedTimes: [localTimeOf(doseAt, ZONE)],
    timingRules: { minInterval: 60, maxInterval: 720, recommendedInterval: 240, dailyFrequency: 1 },
    displayConfig: { pillLabel: "Sinemet", timingLabel: "Next" },
  });
  expect(med.status).toBe(201);
  const text = `Margaret has not taken Sinemet (${formatClock(doseAt, ZONE)})`;
  return { owner, doseAt, medicationId: med.body.id, text, tag: `${owner.userId}:${med.body.id}:${doseAt.toISOString()}` };
}

/** A caregiver of `owner` who turned the alert on with `delay` minutes, with a registered browser unless `device: false`. */
async function caregiver(owner: Person, name: string, delay: number, opts: { device?: boolean } = {}) {
  const me = (await app.signUp({ name })) as Person;
  await shareAccount(app.db, owner, me);
  expect((await me.json("PUT", `/api/accounts/${owner.userId}/missed-dose-alert`, { delayMinutes: delay })).body).toEqual({
    enabled: true,
    delayMinutes: delay,
  });
  let clientHash = "";
  if (opts.device !== false) {
    const sub = await push.subscribe(publicKey);
    clientHash = sub.clientHash;
    expect((await me.request("POST", "/api/me/devices", { endpoint: sub.endpoint, keys: sub.keys })).status).toBe(201);
  }
  await idle();
  return Object.assign(me, { messages: () => push.messages<PushPayload>(clientHash) });
}

describe("a skip carries the dose it skips (DESIGN §12, ADR 023)", () => {
  it("08:00 taken, a skip sent at 08:10 for the 12:00 dose skips 12:00; a dose is still refused more than 5 minutes ahead", async () => {
    const owner = (await app.signUp({ name: "Sam" })) as Person;
    const med = await owner.json<{ id: string }>("POST", `/api/accounts/${owner.userId}/custom-medications`, {
      name: "Sinemet",
      scheduleType: "fixed",
      fixedTimes: ["08:00", "12:00", "16:00"],
      timingRules: { minInterval: 60, maxInterval: 720, recommendedInterval: 240, dailyFrequency: 3 },
      displayConfig: { pillLabel: "Sinemet", timingLabel: "Next" },
    });
    const logs = `/api/accounts/${owner.userId}/pill-logs`;
    await moveTo(atLocalTime(day, "08:00", ZONE));
    expect((await owner.post(logs, { timestamp: clock.now().toISOString(), medicationId: med.body.id })).status).toBe(201);
    await moveTo(atLocalTime(day, "08:10", ZONE));
    const noon = atLocalTime(day, "12:00", ZONE).toISOString();
    const skip = await owner.json("POST", logs, { timestamp: noon, medicationId: med.body.id, status: "skipped", skipReason: "Doctor advised" });
    expect(skip).toMatchObject({ status: 201, body: { timestamp: noon, status: "skipped", skipReason: "Doctor advised" } });
    const taken = await owner.json("POST", logs, { timestamp: later(clock.now(), 6).toISOString(), medicationId: med.body.id });
    expect(taken).toEqual({ status: 400, body: { error: "The dose time cannot be in the future" } });
    const farSkip = await owner.json("POST", logs, {
      timestamp: later(clock.now(), 24 * 60 + 1).toISOString(),
      medicationId: med.body.id,
      status: "skipped",
      skipReason: "Asleep",
    });
    expect(farSkip).toEqual({ status: 400, body: { error: "A skip can be at most 24 hours ahead" } });
    expect(await app.db.select().from(pillLogs).where(eq(pillLogs.userId, owner.userId))).toHaveLength(2);
  });
});

describe("missed-dose alerts to caregivers (DESIGN §12)", () => {
  it("each caregiver gets one push at the dose time + their own delay, even with two servers", async () => {
    const { owner, doseAt, text, tag } = await ownerWithDose();
    const anna = await caregiver(owner, "Anna", 30);
    const carl = await caregiver(owner, "Carl", 60);
    await moveTo(later(doseAt, 29));
    expect([anna.messages(), carl.messages()]).toEqual([[], []]);
    await moveTo(later(doseAt, 30));
    expect(anna.messages()).toEqual([
      expect.objectContaining({
        title: "Dosetime",
        body: text,
        tag,
        url: `/regimen/${owner.userId}`,
        actions: [{ action: "on-it", title: "I am on it" }],
      }),
    ]);
    expect(carl.messages()).toEqual([]);
    for (const m of [45, 60, 75, 90]) await moveTo(later(doseAt, m));
    expect(anna.messages().map((m) => m.body)).toEqual([text]);
    expect(carl.messages().map((m) => m.body)).toEqual([text]);
  });

  it("no alert for a dose taken or skipped in time", async () => {
    const logged = await ownerWithDose();
    const anna = await caregiver(logged.owner, "Anna", 30);
    await moveTo(later(logged.doseAt, 10));
    const save = { timestamp: clock.now().toISOString(), medicationId: logged.medicationId };
    expect((await logged.owner.post(`/api/accounts/${logged.owner.userId}/pill-logs`, save)).status).toBe(201);
    const skipped = await ownerWithDose();
    const carl = await caregiver(skipped.owner, "Carl", 30);
    // The card sends the skip stamped with the dose it shows.
    const skip = { timestamp: skipped.doseAt.toISOString(), medicationId: skipped.medicationId, status: "skipped", skipReason: "Asleep" };
    expect((await skipped.owner.post(`/api/accounts/${skipped.owner.userId}/pill-logs`, skip)).status).toBe(201);
    await idle();
    for (const m of [30, 60, 120]) await moveTo(later(skipped.doseAt, m));
    expect([anna.messages(), carl.messages()]).toEqual([[], []]);
  });

  it("'I am on it' replaces the others' alert with '{name} is on it', silences later ones, and shows on the owner's day", async () => {
    const { owner, doseAt, text, tag, medicationId } = await ownerWithDose();
    const anna = await caregiver(owner, "Anna", 30);
    const carl = await caregiver(owner, "Carl", 30);
    const dave = await caregiver(owner, "Dave", 60);
    await moveTo(later(doseAt, 30));
    expect([anna.messages().length, carl.messages().length]).toEqual([1, 1]);
    await moveTo(later(doseAt, 35));
    const alert = anna.messages()[0]!;
    const answer = await anna.json("POST", alert.onIt!.url);
    expect(answer).toEqual({ status: 200, body: { key: alert.key, acknowledgedBy: "Anna", acknowledgedAt: later(doseAt, 35).toISOString() } });
    expect(carl.messages()).toEqual([expect.objectContaining({ body: text, tag }), expect.objectContaining({ body: "Anna is on it", tag })]);
    expect(anna.messages()).toHaveLength(1);
    // Carl answering too finds Anna on it; nobody hears anything more, Dave (60 minutes) included.
    const carlAnswer = await carl.json("POST", carl.messages()[0]!.onIt!.url);
    expect(carlAnswer.body).toMatchObject({ acknowledgedBy: "Anna" });
    for (const m of [60, 90]) await moveTo(later(doseAt, m));
    expect([anna.messages().length, carl.messages().length, dave.messages().length]).toEqual([1, 2, 0]);

    const history = await owner.json<AdherenceDto>("GET", `/api/accounts/${owner.userId}/adherence?from=${day}&to=${day}`);
    const dose = history.body.days[0]!.doses.find((d) => d.medicationId === medicationId)!;
    expect(dose.alerts?.map((a) => [a.caregiverName, a.channel, a.acknowledgedByName])).toEqual([
      ["Anna", "push", "Anna"],
      ["Carl", "push", "Anna"],
    ]);
  });

  it("a revoked caregiver gets nothing more, and cannot answer an old alert", async () => {
    const first = await ownerWithDose();
    const anna = await caregiver(first.owner, "Anna", 30);
    await moveTo(later(first.doseAt, 30));
    const old = anna.messages()[0]!;
    expect((await first.owner.delete(`/api/accounts/${first.owner.userId}/caregivers/${anna.userId}`)).status).toBe(204);
    expect(await app.db.select().from(caregiverAlerts).where(eq(caregiverAlerts.caregiverUserId, anna.userId))).toEqual([]);
    expect((await anna.json("POST", old.onIt!.url)).status).toBe(404);
    await moveTo(later(first.doseAt, 24 * 60 + 60)); // tomorrow's dose, missed
    expect(anna.messages()).toHaveLength(1);
    // Access given again (as a new invitation would) does not turn the alert back on by itself.
    await shareAccount(app.db, first.owner, anna);
    await moveTo(later(first.doseAt, 2 * 24 * 60 + 60));
    expect(anna.messages()).toHaveLength(1);
  });

  it("a caregiver with no device gets the alert once by e-mail", async () => {
    const { owner, doseAt, text } = await ownerWithDose();
    const carl = await caregiver(owner, "Carl", 15, { device: false });
    for (const m of [15, 20, 30, 60]) await moveTo(later(doseAt, m));
    const mails = app.smtp.inbox.filter((m) => m.to.includes(carl.email));
    expect(mails.map((m) => m.subject)).toEqual([text]);
    expect(mails[0]!.text).toContain(`/regimen/${owner.userId}`);
    const rows = await app.db
      .select({ channel: reminderDeliveries.channel })
      .from(reminderDeliveries)
      .where(and(eq(reminderDeliveries.recipientUserId, carl.userId), eq(reminderDeliveries.accountId, owner.userId)));
    expect(rows).toEqual([{ channel: "email" }]);
  });
});

describe("the missed-dose alert setting (DESIGN §4)", () => {
  it("a caregiver reads, changes and turns off their alert; the owner is refused; bad delays are a 400 that change nothing", async () => {
    const owner = (await app.signUp({ name: "Margaret" })) as Person;
    const me = (await app.signUp({ name: "Anna" })) as Person;
    await shareAccount(app.db, owner, me);
    const url = `/api/accounts/${owner.userId}/missed-dose-alert`;
    expect(await me.json("GET", url)).toEqual({ status: 200, body: { enabled: false, delayMinutes: 30 } });
    expect(await me.json("PUT", url, { delayMinutes: 45 })).toEqual({ status: 200, body: { enabled: true, delayMinutes: 45 } });
    for (const [body, error] of [
      [{ delayMinutes: 4 }, "delayMinutes must be between 5 and 240"],
      [{ delayMinutes: 241 }, "delayMinutes must be between 5 and 240"],
      [{ delayMinutes: 30.5 }, "delayMinutes must be a whole number"],
      [{ delayMinutes: "30" }, "delayMinutes must be a number"],
      [{}, "delayMinutes must be a number"],
    ] as const)
      expect(await me.json("PUT", url, body)).toEqual({ status: 400, body: { error } });
    expect(await me.json("GET", url)).toEqual({ status: 200, body: { enabled: true, delayMinutes: 45 } });
    expect(await owner.json("PUT", url, { delayMinutes: 30 })).toEqual({
      status: 403,
      body: { error: "Missed-dose alerts are for the people this account is shared with" },
    });
    expect((await me.delete(url)).status).toBe(204);
    expect(await me.json("GET", url)).toEqual({ status: 200, body: { enabled: false, delayMinutes: 30 } });
    expect((await me.json("POST", "/api/me/alerts/not-a-key/acknowledge")).status).toBe(404);
  });
});
