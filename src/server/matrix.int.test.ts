import { createECDH, randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type Client, type TestApp, servedApiRoutes } from "../../test/harness.ts";
import {
  caregiverAlerts,
  customMedications,
  pillLogs,
  pushSubscriptions,
  reminderDeliveries,
  reminderSettings,
  shareInvitations,
  sharedAccess,
  user,
  userMedications,
} from "./db/schema.ts";

// DESIGN §5 as a route × role matrix over real HTTP. Routes come from the app itself: a route without an entry
// here fails the test.

type Role = "owner" | "caregiver" | "revoked" | "other" | "signedOut";
const ROLES: Role[] = ["owner", "caregiver", "revoked", "other", "signedOut"];
type Fixture = {
  ownerId: string;
  medId: string;
  logId: string;
  invitationId: string;
  respondId: string;
  caregiverId: string;
  deviceId: string;
  reminderKey: string;
  alertKey: string;
};
type Entry = { request: (f: Fixture) => [string, unknown?]; expect: Record<Role, number> };

const sinemet = {
  name: "Sinemet",
  scheduleType: "fixed",
  fixedTimes: ["08:00"],
  timingRules: { minInterval: 60, maxInterval: 720, recommendedInterval: 240, dailyFrequency: 1 },
  displayConfig: { pillLabel: "Sinemet", timingLabel: "Next" },
};
const read = { owner: 200, caregiver: 200, revoked: 404, other: 404, signedOut: 401 };
const manage = (ok: number) => ({ owner: ok, caregiver: 403, revoked: 404, other: 404, signedOut: 401 });
const log = (ok: number) => ({ owner: ok, caregiver: ok, revoked: 404, other: 404, signedOut: 401 });
const signedIn = (ok: number) => ({ owner: ok, caregiver: ok, revoked: ok, other: ok, signedOut: 401 });
// The invitation in `respondId` is addressed to the "other" user.
const invited = (ok: number) => ({ owner: 403, caregiver: 403, revoked: 403, other: ok, signedOut: 401 });
// The device belongs to the owner: another user's id is a 404, as for any object that is not yours.
const ownDevice = (ok: number) => ({ owner: ok, caregiver: 404, revoked: 404, other: 404, signedOut: 401 });
// DESIGN §12: a caregiver's own missed-dose alert; the owner has none to set (403), strangers and the revoked 404.
const caregiverOnly = (ok: number) => ({ owner: 403, caregiver: ok, revoked: 404, other: 404, signedOut: 401 });
const anyone = { owner: 200, caregiver: 200, revoked: 200, other: 200, signedOut: 200 };
const acc = (f: Fixture) => `/api/accounts/${f.ownerId}`;
const device = {
  endpoint: "https://push.example.test/sub/1",
  keys: { p256dh: createECDH("prime256v1").generateKeys("base64url"), auth: randomBytes(16).toString("base64url") },
};

const MATRIX: Record<string, Entry> = {
  "GET /api/me": { request: () => ["/api/me"], expect: signedIn(200) },
  "PATCH /api/me": { request: () => ["/api/me", { name: "Renamed" }], expect: signedIn(200) },
  "GET /api/session": { request: () => ["/api/session"], expect: { ...signedIn(200), signedOut: 200 } },
  "GET /api/config": { request: () => ["/api/config"], expect: { ...signedIn(200), signedOut: 200 } },
  "GET /api/password-reset/:code": { request: () => ["/api/password-reset/not-a-code"], expect: { ...signedIn(400), signedOut: 400 } },
  "GET /api/me/accounts": { request: () => ["/api/me/accounts"], expect: signedIn(200) },
  "GET /api/accounts/:userId": { request: (f) => [acc(f)], expect: read },
  "GET /api/accounts/:userId/medications": { request: (f) => [`${acc(f)}/medications`], expect: read },
  "PUT /api/accounts/:userId/medications": {
    request: (f) => [`${acc(f)}/medications`, { medicationIds: ["carbidopa-levodopa"] }],
    expect: manage(200),
  },
  "GET /api/accounts/:userId/custom-medications": { request: (f) => [`${acc(f)}/custom-medications`], expect: read },
  "GET /api/accounts/:userId/custom-medications/:id": { request: (f) => [`${acc(f)}/custom-medications/${f.medId}`], expect: read },
  "POST /api/accounts/:userId/custom-medications": { request: (f) => [`${acc(f)}/custom-medications`, sinemet], expect: manage(201) },
  "PATCH /api/accounts/:userId/custom-medications/:id": {
    request: (f) => [`${acc(f)}/custom-medications/${f.medId}`, { ...sinemet, name: "Renamed" }],
    expect: manage(200),
  },
  "DELETE /api/accounts/:userId/custom-medications/:id": { request: (f) => [`${acc(f)}/custom-medications/${f.medId}`], expect: manage(204) },
  "GET /api/accounts/:userId/events": { request: (f) => [`${acc(f)}/events`], expect: read },
  "GET /api/accounts/:userId/pill-logs": { request: (f) => [`${acc(f)}/pill-logs`], expect: read },
  // Owner and caregiver both log a dose now: the second is a possible double dose unless confirmed (DESIGN §12).
  "POST /api/accounts/:userId/pill-logs": {
    request: (f) => [`${acc(f)}/pill-logs`, { timestamp: new Date().toISOString(), confirmDuplicate: true }],
    expect: log(201),
  },
  "DELETE /api/accounts/:userId/pill-logs/:logId": { request: (f) => [`${acc(f)}/pill-logs/${f.logId}`], expect: log(204) },
  "GET /api/accounts/:userId/adherence": { request: (f) => [`${acc(f)}/adherence?from=2026-01-01&to=2026-01-31`], expect: read },
  "GET /api/accounts/:userId/report.csv": { request: (f) => [`${acc(f)}/report.csv?from=2026-01-01&to=2026-01-31`], expect: read },
  "GET /api/accounts/:userId/report.pdf": { request: (f) => [`${acc(f)}/report.pdf?from=2026-01-01&to=2026-01-31`], expect: read },
  "GET /api/accounts/:userId/invitations": { request: (f) => [`${acc(f)}/invitations`], expect: manage(200) },
  "POST /api/accounts/:userId/invitations": {
    request: (f) => [`${acc(f)}/invitations`, { email: `new-${randomBytes(4).toString("hex")}@example.test` }],
    expect: manage(201),
  },
  "DELETE /api/accounts/:userId/invitations/:id": { request: (f) => [`${acc(f)}/invitations/${f.invitationId}`], expect: manage(204) },
  "GET /api/accounts/:userId/caregivers": { request: (f) => [`${acc(f)}/caregivers`], expect: manage(200) },
  "DELETE /api/accounts/:userId/caregivers/:sharedWithUserId": { request: (f) => [`${acc(f)}/caregivers/${f.caregiverId}`], expect: manage(204) },
  "GET /api/invitations/:id": { request: (f) => [`/api/invitations/${f.respondId}`], expect: invited(200) },
  "POST /api/invitations/:id/accept": { request: (f) => [`/api/invitations/${f.respondId}/accept`], expect: invited(200) },
  "POST /api/invitations/:id/reject": { request: (f) => [`/api/invitations/${f.respondId}/reject`], expect: invited(204) },
  "GET /api/push/public-key": { request: () => ["/api/push/public-key"], expect: anyone },
  "GET /api/me/devices": { request: () => ["/api/me/devices"], expect: signedIn(200) },
  "POST /api/me/devices": {
    request: () => ["/api/me/devices", { ...device, endpoint: `https://push.example.test/sub/${randomUUID()}` }],
    expect: signedIn(201),
  },
  "DELETE /api/me/devices/:id": { request: (f) => [`/api/me/devices/${f.deviceId}`], expect: ownDevice(204) },
  "POST /api/me/devices/:id/test": { request: (f) => [`/api/me/devices/${f.deviceId}/test`], expect: ownDevice(204) },
  "GET /api/me/reminder-settings": { request: () => ["/api/me/reminder-settings"], expect: signedIn(200) },
  "PATCH /api/me/reminder-settings": { request: () => ["/api/me/reminder-settings", { food: false }], expect: signedIn(200) },
  "POST /api/me/reminders/:key/snooze": {
    request: (f) => [`/api/me/reminders/${encodeURIComponent(f.reminderKey)}/snooze`, { minutes: 10 }],
    expect: log(200),
  },
  "GET /api/accounts/:userId/missed-dose-alert": { request: (f) => [`${acc(f)}/missed-dose-alert`], expect: caregiverOnly(200) },
  "PUT /api/accounts/:userId/missed-dose-alert": {
    request: (f) => [`${acc(f)}/missed-dose-alert`, { delayMinutes: 45 }],
    expect: caregiverOnly(200),
  },
  "DELETE /api/accounts/:userId/missed-dose-alert": { request: (f) => [`${acc(f)}/missed-dose-alert`], expect: caregiverOnly(204) },
  // The alert in the fixture was sent to the caregiver: only they may answer it.
  "POST /api/me/alerts/:key/acknowledge": {
    request: (f) => [`/api/me/alerts/${encodeURIComponent(f.alertKey)}/acknowledge`],
    expect: caregiverOnly(200),
  },
};

let app: TestApp;
// A stand-in push service that accepts every message, for "Send a test".
let pushService: http.Server;
let pushUrl: string;
const clients = {} as Record<Role, Client & { userId?: string; email?: string }>;

beforeAll(async () => {
  pushService = http.createServer((req, res) => req.resume().on("end", () => res.writeHead(201).end()));
  await new Promise<void>((resolve) => pushService.listen(0, "127.0.0.1", resolve));
  pushUrl = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}/push/`;
  app = await startTestApp();
  clients.owner = await app.signUp({ name: "Owner" });
  clients.caregiver = await app.signUp({ name: "Caregiver" });
  clients.revoked = await app.signUp({ name: "Revoked" });
  clients.other = await app.signUp({ name: "Other" });
  clients.signedOut = app.client();
  // The revoked caregiver once had access, through the real invitation flow.
  for (const who of ["caregiver", "revoked"] as const) {
    const { body } = await clients.owner.json<{ id: string }>("POST", `/api/accounts/${clients.owner.userId}/invitations`, {
      email: clients[who].email,
    });
    expect((await clients[who].post(`/api/invitations/${body.id}/accept`)).status).toBe(200);
  }
  expect((await clients.owner.delete(`/api/accounts/${clients.owner.userId}/caregivers/${clients.revoked.userId}`)).status).toBe(204);
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => pushService?.close(resolve));
});

/** Fresh objects for one cell: the caregiver's access, a custom medication, a log and two pending invitations. */
async function seed(): Promise<Fixture> {
  const owner = clients.owner;
  const ownerId = owner.userId!;
  await app.db.delete(shareInvitations).where(eq(shareInvitations.ownerUserId, ownerId));
  await app.db
    .insert(sharedAccess)
    .values({
      id: `${clients.caregiver.userId}_${ownerId}`,
      ownerUserId: ownerId,
      ownerName: "Owner",
      ownerEmail: owner.email!,
      sharedWithUserId: clients.caregiver.userId!,
      sharedWithName: "Caregiver",
      sharedWithEmail: clients.caregiver.email!,
    })
    .onConflictDoNothing();
  const [med] = await app.db.insert(customMedications).values({ userId: ownerId, name: "Seeded", config: sinemet }).returning();
  const logId = randomUUID();
  await app.db.insert(pillLogs).values({ id: logId, userId: ownerId, timestamp: new Date(), loggedByUserId: ownerId, loggedByName: "Owner" });
  const invitation = { ownerUserId: ownerId, ownerName: "Owner", ownerEmail: owner.email! };
  const invitationId = randomBytes(16).toString("base64url");
  const respondId = randomBytes(16).toString("base64url");
  await app.db.insert(shareInvitations).values([
    { ...invitation, id: invitationId, invitedEmail: `pending-${invitationId}@example.test`.toLowerCase() },
    { ...invitation, id: respondId, invitedEmail: clients.other.email! },
  ]);
  await app.db.delete(sharedAccess).where(eq(sharedAccess.id, `${clients.other.userId}_${ownerId}`));
  const [dev] = await app.db
    .insert(pushSubscriptions)
    .values({ userId: ownerId, endpoint: `${pushUrl}${randomUUID()}`, p256dh: device.keys.p256dh, auth: device.keys.auth, label: "Seeded" })
    .returning();
  const doseAt = new Date(Date.now() + 3_600_000);
  const reminderKey = `${ownerId}:carbidopa-levodopa:${doseAt.toISOString()}:dose-due`;
  await app.db.insert(reminderDeliveries).values({
    key: reminderKey,
    accountId: ownerId,
    recipientUserId: ownerId,
    kind: "dose-due",
    dueAt: doseAt,
    claimedAt: new Date(),
    sentAt: new Date(),
    channel: "push",
  });
  const alertKey = `${ownerId}:carbidopa-levodopa:${doseAt.toISOString()}:alert-${clients.caregiver.userId}`;
  await app.db.delete(reminderDeliveries).where(eq(reminderDeliveries.key, alertKey));
  await app.db.insert(reminderDeliveries).values({
    key: alertKey,
    accountId: ownerId,
    recipientUserId: clients.caregiver.userId!,
    kind: "missed-dose",
    dueAt: doseAt,
    claimedAt: new Date(),
    sentAt: new Date(),
    channel: "push",
  });
  await app.db
    .insert(caregiverAlerts)
    .values({ ownerUserId: ownerId, caregiverUserId: clients.caregiver.userId!, delayMinutes: 30 })
    .onConflictDoUpdate({ target: [caregiverAlerts.ownerUserId, caregiverAlerts.caregiverUserId], set: { delayMinutes: 30 } });
  return {
    ownerId,
    medId: med!.id,
    logId,
    invitationId,
    respondId,
    caregiverId: clients.caregiver.userId!,
    deviceId: dev!.id,
    reminderKey,
    alertKey,
  };
}

async function snapshot() {
  const ids = ROLES.filter((r) => r !== "signedOut").map((r) => clients[r].userId!);
  return {
    users: await app.db.select({ id: user.id, name: user.name, zone: user.timeZone }).from(user).where(inArray(user.id, ids)),
    lists: await app.db.select().from(userMedications).where(inArray(userMedications.userId, ids)),
    meds: await app.db.select().from(customMedications).where(inArray(customMedications.userId, ids)),
    logs: await app.db.select().from(pillLogs).where(inArray(pillLogs.userId, ids)),
    invitations: await app.db.select().from(shareInvitations).where(inArray(shareInvitations.ownerUserId, ids)),
    access: await app.db.select().from(sharedAccess).where(inArray(sharedAccess.ownerUserId, ids)),
    devices: await app.db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, ids)),
    // NOTE: next_reminder_at is the scheduler's own bookkeeping, recomputed in the background after earlier cells.
    reminderSettings: await app.db
      .select({
        userId: reminderSettings.userId,
        doseDue: reminderSettings.doseDue,
        preDose: reminderSettings.preDose,
        followUp: reminderSettings.followUp,
        food: reminderSettings.food,
        emailFallback: reminderSettings.emailFallback,
        updatedAt: reminderSettings.updatedAt,
      })
      .from(reminderSettings)
      .where(inArray(reminderSettings.userId, ids))
      .orderBy(reminderSettings.userId),
    deliveries: await app.db.select().from(reminderDeliveries).where(inArray(reminderDeliveries.accountId, ids)),
    alerts: await app.db.select().from(caregiverAlerts).where(inArray(caregiverAlerts.ownerUserId, ids)),
  };
}

describe("route × role matrix (DESIGN §5)", () => {
  it("has an entry for every API route the app serves", () => {
    expect(servedApiRoutes(app.routes)).toEqual(Object.keys(MATRIX).sort());
  });

  const cells = Object.entries(MATRIX).flatMap(([route, entry]) => ROLES.map((role) => [route, role, entry] as const));
  it(`answers each of the ${cells.length} cells with DESIGN §5's status, and a refused write changes no row`, async () => {
    for (const [route, role, entry] of cells) {
      const method = route.split(" ")[0]!;
      const fixture = await seed();
      const [path, body] = entry.request(fixture);
      const before = await snapshot();
      const res = await clients[role].request(method, path, body);
      await res.body?.cancel(); // the events stream stays open otherwise
      expect({ route, role, status: res.status }).toEqual({ route, role, status: entry.expect[role] });
      if (method !== "GET" && res.status >= 400) expect({ route, role, rows: await snapshot() }).toEqual({ route, role, rows: before });
    }
    // NOTE: ~200 cells, each seeding and snapshotting over real HTTP; on a shared 2-core machine that passes 30 s.
  }, 120_000);
});
