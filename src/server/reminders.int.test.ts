import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FakeClock } from "../../test/fake-clock.ts";
import { freePort, startTestApp, type TestApp } from "../../test/harness.ts";
import { startPushService, type PushService } from "../../test/push-service.ts";
import { addLocalDays, atLocalTime, formatClock, localDateOf, localTimeOf } from "../domain/zoned-time.ts";
import { customMedications, pillLogs, reminderDeliveries, user } from "./db/schema.ts";
import type { PushPayload } from "./push.ts";
import { startServer, type RunningServer } from "./server.ts";

// DESIGN §11 end to end: the scheduler on a fake clock, a real push service on loopback that checks the VAPID JWT
// and decrypts, the SMTP catcher, and (for "exactly once") a second app server on the same database.

const ZONE = "America/New_York"; // the harness signs everyone up in New York
const MIN = 60_000;
const CHROME_ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

// Start at the next 06:00 in New York, so every dose of the file falls on one local day.
const realNow = new Date();
const today = localDateOf(realNow, ZONE);
const sixToday = atLocalTime(today, "06:00", ZONE);
const clock = new FakeClock(sixToday.getTime() > realNow.getTime() ? sixToday : atLocalTime(addLocalDays(today, 1), "06:00", ZONE));

let app: TestApp;
let push: PushService;
let second: RunningServer | undefined;
let publicKey: string;

beforeAll(async () => {
  push = await startPushService();
  app = await startTestApp({}, { clock });
  publicKey = (await app.client().json<{ publicKey: string }>("GET", "/api/push/public-key")).body.publicKey;
});
afterAll(async () => {
  await second?.close();
  await app?.close();
  await push?.close();
});

const idle = async () => {
  await app.server.reminders.idle();
  await second?.reminders.idle();
};
const moveTo = (at: Date) => clock.advanceTo(at, idle);
const later = (at: Date, minutes: number) => new Date(at.getTime() + minutes * MIN);

/** An owner tracking "Sinemet" once a day, an hour from now (protein kept away 30 minutes before), with a device. */
async function ownerWithDose(opts: { device?: boolean } = {}) {
  const owner = await app.signUp({ name: "Olive Owner" });
  const doseAt = later(clock.now(), 60);
  const med = await owner.json<{ id: string }>("POST", `/api/accounts/${owner.userId}/custom-medications`, {
    name: "Sinemet",
    scheduleType: "fixed",
    fixedTimes: [localTimeOf(doseAt, ZONE)],
    timingRules: { minInterval: 60, maxInterval: 720, recommendedInterval: 240, dailyFrequency: 1 },
    foodRestriction: { type: "protein", before_minutes: 30, after_minutes: 30 },
    displayConfig: { pillLabel: "Sinemet", timingLabel: "Next" },
  });
  expect(med.status).toBe(201);
  let clientHash = "";
  if (opts.device !== false) {
    const sub = await push.subscribe(publicKey);
    clientHash = sub.clientHash;
    const res = await owner.request("POST", "/api/me/devices", { endpoint: sub.endpoint, keys: sub.keys }, { "user-agent": CHROME_ANDROID });
    expect(res.status).toBe(201);
  }
  await idle();
  return { owner, doseAt, medicationId: med.body.id, clientHash, clock: formatClock(doseAt, ZONE) };
}

describe("reminders through a real push service (DESIGN §11)", () => {
  it("the pre-dose and the dose-due reminders arrive decrypted with their text; 'Taken' twice makes one log", async () => {
    const { owner, doseAt, medicationId, clientHash, clock: time } = await ownerWithDose();
    await moveTo(later(doseAt, -31));
    expect(push.messages(clientHash)).toEqual([]);
    await moveTo(later(doseAt, -30));
    expect(push.messages<PushPayload>(clientHash).map((m) => m.body)).toEqual([`Finish any protein now: Sinemet at ${time}`]);
    await moveTo(doseAt);
    const messages = push.messages<PushPayload>(clientHash);
    expect(messages.map((m) => m.body)).toEqual([`Finish any protein now: Sinemet at ${time}`, `Time for your Sinemet (${time})`]);
    const due = messages[1]!;
    expect(due).toMatchObject({
      title: "Dosetime",
      tag: `${owner.userId}:${medicationId}:${doseAt.toISOString()}`,
      url: `/regimen/${owner.userId}`,
      actions: [
        { action: "taken", title: "Taken" },
        { action: "snooze", title: "Snooze 10 min" },
      ],
    });
    expect(messages[0]!.tag).toBe(due.tag); // one notification per dose: the due one replaces the pre-dose one
    // The service worker posts the payload's "Taken" body with the tap's time; a second tap is the same log.
    const tap = () => owner.json("POST", due.taken!.url, { ...due.taken!.body, timestamp: later(doseAt, 1).toISOString() });
    expect((await tap()).status).toBe(201);
    expect((await tap()).status).toBe(200);
    expect(await app.db.select().from(pillLogs).where(eq(pillLogs.userId, owner.userId))).toHaveLength(1);
  });

  it("a dose logged in time cancels its follow-ups; an unlogged one gets both", async () => {
    const logged = await ownerWithDose();
    await moveTo(logged.doseAt);
    expect(
      (
        await logged.owner.post(`/api/accounts/${logged.owner.userId}/pill-logs`, {
          timestamp: later(logged.doseAt, 5).toISOString(),
          medicationId: logged.medicationId,
        })
      ).status,
    ).toBe(201);
    await idle();
    await moveTo(later(logged.doseAt, 10));
    await moveTo(later(logged.doseAt, 30));
    expect(push.messages<PushPayload>(logged.clientHash).map((m) => m.body)).toEqual([
      `Finish any protein now: Sinemet at ${logged.clock}`,
      `Time for your Sinemet (${logged.clock})`,
    ]);

    const missed = await ownerWithDose();
    for (const m of [0, 10, 30]) await moveTo(later(missed.doseAt, m));
    expect(
      push
        .messages<PushPayload>(missed.clientHash)
        .map((m) => m.body)
        .slice(1),
    ).toEqual([`Time for your Sinemet (${missed.clock})`, "Sinemet is 10 minutes late", "Sinemet is 30 minutes late"]);
  });

  it("'Snooze 10 min' brings the reminder back ten minutes later", async () => {
    const { owner, doseAt, clientHash, clock: time } = await ownerWithDose();
    await moveTo(doseAt);
    const due = push.messages<PushPayload>(clientHash).at(-1)!;
    await moveTo(later(doseAt, 2));
    const res = await owner.json<{ snoozedUntil: string }>("POST", due.snooze!.url, due.snooze!.body);
    expect(res).toEqual({ status: 200, body: { key: due.key, snoozedUntil: later(doseAt, 12).toISOString() } });
    await idle();
    await moveTo(later(doseAt, 11));
    expect(push.messages<PushPayload>(clientHash).filter((m) => m.body === `Time for your Sinemet (${time})`)).toHaveLength(1);
    await moveTo(later(doseAt, 12));
    expect(push.messages<PushPayload>(clientHash).filter((m) => m.body === `Time for your Sinemet (${time})`)).toHaveLength(2);
  });

  it("a reminder claimed by a server that died before sending goes out once, after the 2-minute lease", async () => {
    const { owner, doseAt, medicationId, clientHash, clock: time } = await ownerWithDose();
    const key = `${owner.userId}:${medicationId}:${doseAt.toISOString()}:dose-due`;
    // What a server killed between its claim and its send leaves behind.
    await app.db
      .insert(reminderDeliveries)
      .values({ key, accountId: owner.userId, recipientUserId: owner.userId, kind: "dose-due", dueAt: doseAt, claimedAt: doseAt });
    const dueMessages = () => push.messages<PushPayload>(clientHash).filter((m) => m.body === `Time for your Sinemet (${time})`);
    await moveTo(doseAt);
    await moveTo(later(doseAt, 1));
    expect(dueMessages()).toHaveLength(0);
    await moveTo(new Date(later(doseAt, 2).getTime() + 1000));
    expect(dueMessages()).toHaveLength(1);
    await moveTo(later(doseAt, 5));
    expect(dueMessages()).toHaveLength(1);
    expect((await app.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.key, key)))[0]).toMatchObject({ channel: "push" });
  });

  it("a subscription the push service has expired (410) is removed from the devices", async () => {
    const { owner, doseAt, clientHash } = await ownerWithDose();
    expect((await owner.json<unknown[]>("GET", "/api/me/devices")).body).toHaveLength(1);
    push.model.expireSubscription(clientHash);
    await moveTo(later(doseAt, -30));
    expect((await owner.json<unknown[]>("GET", "/api/me/devices")).body).toEqual([]);
  });

  it("with no device and e-mail reminders on, the dose-due reminder comes once by e-mail", async () => {
    const { owner, doseAt, clock: time } = await ownerWithDose({ device: false });
    expect((await owner.json("PATCH", "/api/me/reminder-settings", { emailFallback: true })).body).toEqual({
      doseDue: true,
      preDose: true,
      followUp: true,
      food: true,
      emailFallback: true,
    });
    await idle();
    for (const m of [-30, 0, 10, 30]) await moveTo(later(doseAt, m));
    const mails = app.smtp.inbox.filter((m) => m.to.includes(owner.email));
    expect(mails.map((m) => m.subject)).toEqual([`Time for your Sinemet (${time})`]);
    expect(mails[0]!.text).toContain(`/regimen/${owner.userId}`);
  });

  it("a new time zone moves the reminders at once: a dose that is now due is sent without waiting for the old time", async () => {
    const { owner, doseAt, clientHash } = await ownerWithDose();
    // The same wall time in Halifax is an hour earlier than in New York: the dose is due now.
    expect((await owner.json("PATCH", "/api/me", { timeZone: "America/Halifax" })).status).toBe(200);
    const expected = `Time for your Sinemet (${formatClock(later(doseAt, -60), "America/Halifax")})`;
    for (let i = 0; i < 100 && !push.messages<PushPayload>(clientHash).some((m) => m.body === expected); i++) {
      await new Promise((r) => setTimeout(r, 50)); // the zone change travels as a LISTEN/NOTIFY event
      await idle();
    }
    expect(push.messages<PushPayload>(clientHash).map((m) => m.body)).toEqual([expected]);
  });

  it("an account whose stored medication cannot be read holds up no one else's reminders", async () => {
    const [good, broken] = await Promise.all([ownerWithDose(), ownerWithDose()]);
    expect(broken.doseAt).toEqual(good.doseAt); // due in the same pass
    await app.db
      .update(customMedications)
      .set({ config: sql`${customMedications.config} - 'displayConfig'` })
      .where(eq(customMedications.userId, broken.owner.userId));
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let logged: string[];
    try {
      await moveTo(later(good.doseAt, -30));
      await moveTo(good.doseAt);
    } finally {
      // The broken account goes, so that it fails no later test of this file.
      await app.db.delete(user).where(eq(user.id, broken.owner.userId));
      await idle();
      logged = spy.mock.calls.map((c) => String(c[0]));
      spy.mockRestore();
    }
    expect(push.messages<PushPayload>(good.clientHash).map((m) => m.body)).toEqual([
      `Finish any protein now: Sinemet at ${good.clock}`,
      `Time for your Sinemet (${good.clock})`,
    ]);
    expect(push.messages(broken.clientHash)).toEqual([]);
    expect(logged).toContainEqual(expect.stringContaining(`"accountId":"${broken.owner.userId}","msg":"reminders for an account failed"`));
  });

  it("two app servers on one database send each reminder exactly once", async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dosetime-second-"));
    second = await startServer(
      { ...app.config, port, publicUrl: `http://127.0.0.1:${port}`, dataDir },
      { webRoot: path.join(app.config.dataDir, "web"), clock },
    );
    const owners = await Promise.all([ownerWithDose(), ownerWithDose(), ownerWithDose()]);
    const doseAt = owners[0]!.doseAt;
    for (const m of [-30, 0, 10, 30]) await moveTo(later(doseAt, m));
    for (const o of owners)
      expect(push.messages<PushPayload>(o.clientHash).map((m) => m.body)).toEqual([
        `Finish any protein now: Sinemet at ${o.clock}`,
        `Time for your Sinemet (${o.clock})`,
        "Sinemet is 10 minutes late",
        "Sinemet is 30 minutes late",
      ]);
  });
});

describe("reminder_deliveries retention (DESIGN §3)", () => {
  it("rows older than 90 days are pruned; younger ones stay", async () => {
    const owner = await app.signUp();
    const row = (key: string, days: number) => ({
      key,
      accountId: owner.userId,
      recipientUserId: owner.userId,
      kind: "dose-due",
      dueAt: new Date(clock.now().getTime() - days * 24 * 60 * MIN),
      claimedAt: new Date(clock.now().getTime() - days * 24 * 60 * MIN),
      sentAt: new Date(clock.now().getTime() - days * 24 * 60 * MIN),
    });
    await app.db.insert(reminderDeliveries).values([row(`${owner.userId}:old`, 91), row(`${owner.userId}:recent`, 89)]);
    await moveTo(later(clock.now(), 61)); // the scheduler prunes once an hour
    const left = await app.db.select({ key: reminderDeliveries.key }).from(reminderDeliveries).where(eq(reminderDeliveries.accountId, owner.userId));
    expect(left.map((r) => r.key)).toEqual([`${owner.userId}:recent`]);
  });
});

describe("devices and reminder settings API (DESIGN §4)", () => {
  it("registers a device once per endpoint, names it from the User-Agent, and removes it", async () => {
    const me = await app.signUp();
    const sub = await push.subscribe(publicKey);
    const body = { endpoint: sub.endpoint, keys: sub.keys };
    const first = await me.request("POST", "/api/me/devices", body, { "user-agent": CHROME_ANDROID });
    const again = await me.request("POST", "/api/me/devices", { ...body, label: "Kitchen tablet" });
    expect(again.status).toBe(201);
    const devices = (await me.json<Array<{ id: string; label: string }>>("GET", "/api/me/devices")).body;
    expect(devices.map((d) => d.label)).toEqual(["Kitchen tablet"]);
    expect(((await first.json()) as { label: string }).label).toBe("Chrome on Android");
    expect((await me.post(`/api/me/devices/${devices[0]!.id}/test`)).status).toBe(204);
    expect(push.messages<PushPayload>(sub.clientHash).map((m) => m.body)).toEqual(["Reminders are on for this device"]);
    expect((await me.delete(`/api/me/devices/${devices[0]!.id}`)).status).toBe(204);
    expect((await me.json("GET", "/api/me/devices")).body).toEqual([]);
  });

  it("refuses bad bodies with a clear 400 and changes nothing", async () => {
    const me = await app.signUp();
    const sub = await push.subscribe(publicKey);
    const cases: Array<[string, string, unknown, string]> = [
      ["POST", "/api/me/devices", { endpoint: "http://push.example.test/x", keys: sub.keys }, "endpoint must be an https URL"],
      ["POST", "/api/me/devices", { endpoint: sub.endpoint, keys: { p256dh: "short", auth: sub.keys.auth } }, "keys.p256dh is not a valid key"],
      ["POST", "/api/me/devices", { endpoint: sub.endpoint, keys: sub.keys, extra: 1 }, "Unknown field: extra"],
      ["PATCH", "/api/me/reminder-settings", { doseDue: "yes" }, "doseDue must be true or false"],
      [
        "POST",
        `/api/me/reminders/${encodeURIComponent(`${me.userId}:x:2026-01-01T00:00:00.000Z:dose-due`)}/snooze`,
        { minutes: 61 },
        "minutes must be between 5 and 60",
      ],
    ];
    for (const [method, url, body, error] of cases) expect(await me.json(method, url, body)).toEqual({ status: 400, body: { error } });
    expect((await me.json("GET", "/api/me/devices")).body).toEqual([]);
    expect((await me.json("POST", "/api/me/reminders/not-a-key/snooze", { minutes: 10 })).status).toBe(404);
  });
});
