import { randomUUID } from "node:crypto";
import { count, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shareAccount, startTestApp, type Client, type TestApp, servedApiRoutes } from "../../test/harness.ts";
import {
  caregiverAlerts,
  customMedications,
  pillLogs,
  session,
  shareInvitations,
  sharedAccess,
  user,
  userMedications,
  verification,
} from "./db/schema.ts";

// DESIGN §4: no user input causes a 500. Every API route (read from the app, as the matrix test does: a route
// without an entry here fails) gets each malformed class in each path parameter, each text field of its body and
// each query parameter, from its owner, a stranger and a signed-out client: each answers 400 and changes no row.

/** Malformed path segments: a NUL, raw or among text; an escaped lone surrogate; a broken escape; a control; too long. */
const BAD_PARAMS = ["%00", "abc%00def", "%ED%A0%80", "%E0%A4%A", "%1B", "a".repeat(300)];
/** Malformed text: PostgreSQL refuses a NUL in text and a lone surrogate in jsonb; controls are never text. */
const BAD_TEXT = ["\u0000", "Pat\u0000", "Pat\uD800", "\uDC00Pat", "Pat\u001B"];
/** The same classes in a query string, as a client writes them (%-escaped; a URL cannot carry a raw lone surrogate). */
const BAD_QUERY = ["%00", "Pat%00", "Pat%ED%A0%80", "%ED%B0%80Pat", "Pat%1B", "%E0%A4%A"];
/** Instants and days the zone functions cannot handle, by field name, on top of BAD_TEXT. */
const BAD_BY_FIELD: Record<string, string[]> = {
  timestamp: ["0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "1969-12-31T23:59:59Z"],
  since: ["0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z"],
  date: ["9999-12-31", "0000-01-01", "2101-01-01"],
  from: ["9999-12-31", "0000-01-01", "2026-02-30", "2024-01-01"],
  to: ["9999-12-31", "0000-01-01", "2026-13-01", "2030-01-01"],
};

const sinemet = {
  name: "Sinemet",
  description: "With water",
  scheduleType: "fixed",
  fixedTimes: ["08:00"],
  timingRules: { minInterval: 60, maxInterval: 720, recommendedInterval: 240, dailyFrequency: 1 },
  avoidance: { type: "protein", durationMinutes: 30 },
  foodRestriction: { type: "custom", before_minutes: 30, after_minutes: 30, custom_description: "No beans" },
  foodAvoidance: { type: "custom", after_minutes: 30, custom_description: "No nuts" },
  foodRequirement: { enabled: true, reminder_enabled: true, remind_minutes_before: 15, custom_message: "Eat toast" },
  displayConfig: { pillLabel: "Sinemet", timingLabel: "Next" },
};

/**
 * A valid request per route: the body and query whose every text field is then broken in turn. A route that takes
 * its query in more than one form (one form or the other, never both) lists each.
 */
type Entry = { body?: unknown; query?: Record<string, string> | Array<Record<string, string>> };
const ROUTES: Record<string, Entry> = {
  "GET /api/me": {},
  "PATCH /api/me": { body: { name: "Renamed", timeZone: "Europe/London" } },
  "GET /api/session": {},
  "GET /api/config": {},
  "GET /api/password-reset/:code": {},
  "GET /api/me/accounts": {},
  "GET /api/accounts/:userId": {},
  "GET /api/accounts/:userId/medications": {},
  "PUT /api/accounts/:userId/medications": { body: { medicationIds: ["carbidopa-levodopa"] } },
  "GET /api/accounts/:userId/custom-medications": {},
  "GET /api/accounts/:userId/custom-medications/:id": {},
  "POST /api/accounts/:userId/custom-medications": { body: sinemet },
  "PATCH /api/accounts/:userId/custom-medications/:id": { body: sinemet },
  "DELETE /api/accounts/:userId/custom-medications/:id": {},
  "GET /api/accounts/:userId/events": {},
  "GET /api/accounts/:userId/pill-logs": {
    query: [
      { date: "2026-06-15", medicationId: "carbidopa-levodopa" },
      { since: "2026-06-15T08:00:00Z", medicationId: "carbidopa-levodopa" },
    ],
  },
  "POST /api/accounts/:userId/pill-logs": {
    body: {
      id: "8c0e1d2a-5b6c-4d7e-8f90-a1b2c3d4e5f6",
      timestamp: "2026-06-15T08:00:00Z",
      medicationId: "carbidopa-levodopa",
      status: "skipped",
      skipReason: "Asleep",
    },
  },
  "DELETE /api/accounts/:userId/pill-logs/:logId": {},
  "GET /api/accounts/:userId/adherence": { query: { from: "2026-06-01", to: "2026-06-30" } },
  "GET /api/accounts/:userId/report.csv": { query: { from: "2026-06-01", to: "2026-06-30" } },
  "GET /api/accounts/:userId/report.pdf": { query: { from: "2026-06-01", to: "2026-06-30" } },
  "GET /api/accounts/:userId/invitations": {},
  "POST /api/accounts/:userId/invitations": { body: { email: "friend@example.test" } },
  "DELETE /api/accounts/:userId/invitations/:id": {},
  "GET /api/accounts/:userId/caregivers": {},
  "DELETE /api/accounts/:userId/caregivers/:sharedWithUserId": {},
  "GET /api/invitations/:id": {},
  "POST /api/invitations/:id/accept": {},
  "POST /api/invitations/:id/reject": {},
  "GET /api/push/public-key": {},
  "GET /api/me/devices": {},
  "POST /api/me/devices": {
    body: {
      endpoint: "https://push.example.test/sub/1",
      keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) },
      label: "Chrome on Android",
    },
  },
  "DELETE /api/me/devices/:id": {},
  "POST /api/me/devices/:id/test": {},
  "GET /api/me/reminder-settings": {},
  "PATCH /api/me/reminder-settings": { body: { doseDue: true } },
  "POST /api/me/reminders/:key/snooze": { body: { minutes: 10 } },
  "GET /api/accounts/:userId/missed-dose-alert": {},
  "PUT /api/accounts/:userId/missed-dose-alert": { body: { delayMinutes: 30 } },
  "DELETE /api/accounts/:userId/missed-dose-alert": {},
  "POST /api/me/alerts/:key/acknowledge": {},
};

/** Better Auth's endpoints (one wildcard in the route list): their text fields and path parameter, signed out. */
const AUTH_ROUTES: Record<string, Entry> = {
  "POST /api/auth/sign-up/email": { body: { name: "Pat", email: "pat-new@example.test", password: "secret-pass-1", timeZone: "UTC" } },
  "POST /api/auth/sign-in/email": { body: { email: "pat-new@example.test", password: "secret-pass-1" } },
  "POST /api/auth/request-password-reset": { body: { email: "pat-new@example.test", redirectTo: "/reset" } },
  "POST /api/auth/reset-password": { body: { token: "abcdefghijklmnopqrstuvwx", newPassword: "secret-pass-2" } },
  "GET /api/auth/reset-password/:token": { query: { callbackURL: "/reset" } },
};

type Variant = { what: string; path: string; body?: unknown; query?: Record<string, string> };

/** Every string leaf of a JSON value, by path, with a setter on a copy. */
function textLeaves(value: unknown, path: (string | number)[] = []): Array<(string | number)[]> {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => textLeaves(v, [...path, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => textLeaves(v, [...path, k]));
  return [];
}
function withLeaf(value: unknown, path: (string | number)[], leaf: string): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1]!] = leaf;
  return copy;
}
const badValuesFor = (key: string | number | undefined, text = BAD_TEXT) => [...text, ...(BAD_BY_FIELD[String(key)] ?? [])];

/** Each malformed request of one route: each bad value in each path parameter, body text field and query parameter. */
function variants(route: string, entry: Entry, params: Record<string, string>): Variant[] {
  const template = route.split(" ")[1]!;
  const fill = (bad?: { name: string; value: string }) =>
    template.replace(/:(\w+)/g, (_, name: string) => (bad?.name === name ? bad.value : encodeURIComponent(params[name] ?? "x")));
  const queries = entry.query ? [entry.query].flat() : [];
  const good = { path: fill(), body: entry.body, query: queries[0] };
  const out: Variant[] = [];
  for (const [, name] of template.matchAll(/:(\w+)/g))
    for (const value of BAD_PARAMS) out.push({ ...good, what: `:${name}=${value.slice(0, 20)}`, path: fill({ name: name!, value }) });
  for (const leaf of textLeaves(entry.body))
    for (const value of badValuesFor(leaf.at(-1)))
      out.push({ ...good, what: `body ${leaf.join(".")}=${JSON.stringify(value)}`, body: withLeaf(entry.body, leaf, value) });
  for (const query of queries)
    for (const name of Object.keys(query))
      for (const value of badValuesFor(name, BAD_QUERY)) out.push({ ...good, what: `?${name}=${value}`, query: { ...query, [name]: value } });
  return out;
}

const SAMPLE_PARAMS = { userId: "u", id: "i", code: "c", logId: "l", sharedWithUserId: "s", token: "t", key: "k" };
const API_ROLES = ["owner", "stranger", "signedOut"] as const;
const apiCount = Object.entries(ROUTES).reduce((n, [route, entry]) => n + variants(route, entry, SAMPLE_PARAMS).length * API_ROLES.length, 0);
const authCount = Object.entries(AUTH_ROUTES).reduce((n, [route, entry]) => n + variants(route, entry, SAMPLE_PARAMS).length, 0);

let app: TestApp;
let owner: Client & { userId: string; email: string };
let stranger: Client & { userId: string; email: string };
let params: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp();
  owner = await app.signUp({ name: "Owner" });
  stranger = await app.signUp({ name: "Stranger" });
  const caregiver = await app.signUp({ name: "Caregiver" });
  await shareAccount(app.db, owner, caregiver);
  const [med] = await app.db.insert(customMedications).values({ userId: owner.userId, name: "Seeded", config: sinemet }).returning();
  const logId = randomUUID();
  await app.db
    .insert(pillLogs)
    .values({ id: logId, userId: owner.userId, timestamp: new Date(), loggedByUserId: owner.userId, loggedByName: "Owner" });
  const invitationId = "pendinginvitation0000001";
  await app.db
    .insert(shareInvitations)
    .values({ id: invitationId, ownerUserId: owner.userId, ownerName: "Owner", ownerEmail: owner.email, invitedEmail: stranger.email });
  params = { userId: owner.userId, id: med!.id, code: "not-a-code", logId, sharedWithUserId: caregiver.userId, token: "abcdefghijklmnopqrstuvwx" };
  // Routes whose `:id` is an invitation's.
  Object.assign(params, { invitationId });
});
afterAll(() => app?.close());

async function snapshot() {
  return {
    users: await app.db.select().from(user),
    sessions: (await app.db.select({ n: count() }).from(session))[0]!.n,
    verifications: (await app.db.select({ n: count() }).from(verification))[0]!.n,
    lists: await app.db.select().from(userMedications),
    meds: await app.db.select().from(customMedications),
    logs: await app.db.select().from(pillLogs),
    invitations: await app.db.select().from(shareInvitations),
    alerts: await app.db.select().from(caregiverAlerts),
    access: await app.db
      .select()
      .from(sharedAccess)
      .where(inArray(sharedAccess.ownerUserId, [owner.userId])),
  };
}

async function send(client: Client, route: string, v: Variant): Promise<{ status: number; error: unknown }> {
  const method = route.split(" ")[0]!;
  // Query values are written as they go on the wire (the table's are plain ASCII, the bad ones already %-escaped).
  const query = v.query
    ? `?${Object.entries(v.query)
        .map(([k, value]) => `${k}=${value}`)
        .join("&")}`
    : "";
  const res = await client.request(method, v.path + query, v.body);
  const text = await res.text();
  let error: unknown = text;
  try {
    error = (JSON.parse(text) as { error?: string; message?: string }).error ?? (JSON.parse(text) as { message?: string }).message;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, error };
}

describe("malformed input (DESIGN §4: never a 500)", () => {
  it("has an entry for every API route the app serves", () => {
    expect(servedApiRoutes(app.routes)).toEqual(Object.keys(ROUTES).sort());
  });

  it(`answers 400 with a message to each of the ${apiCount} malformed API requests (owner, stranger, signed out), and changes no row`, async () => {
    let sent = 0;
    for (const [route, entry] of Object.entries(ROUTES)) {
      const p = { ...params, ...(route.includes("invitations/:id") ? { id: params.invitationId! } : {}) };
      const before = await snapshot();
      for (const v of variants(route, entry, p)) {
        for (const role of API_ROLES) {
          const client = role === "owner" ? owner : role === "stranger" ? stranger : app.client();
          const { status, error } = await send(client, route, v);
          sent++;
          expect({ route, role, what: v.what, status }).toEqual({ route, role, what: v.what, status: 400 });
          expect(error).toMatch(/\S/);
        }
      }
      expect({ route, rows: await snapshot() }).toEqual({ route, rows: before });
    }
    expect(sent).toBe(apiCount);
  });

  it(`answers 400 to each of the ${authCount} malformed Better Auth requests, and creates no account, session or token`, async () => {
    let sent = 0;
    const before = await snapshot();
    for (const [route, entry] of Object.entries(AUTH_ROUTES)) {
      for (const v of variants(route, entry, params)) {
        // A fresh client (its own address) each time, so Better Auth's per-address limits stay out of the way.
        const { status, error } = await send(app.client(), route, v);
        sent++;
        // NOTE: Better Auth checks a redirect URL against the trusted origins before anything else: a 403, its refusal.
        const refused = /redirectTo|callbackURL/.test(v.what) && status === 403 ? 400 : status;
        expect({ route, what: v.what, status: refused }).toEqual({ route, what: v.what, status: 400 });
        expect(error).toMatch(/\S/);
      }
    }
    expect(await snapshot()).toEqual(before);
    expect(sent).toBe(authCount);
  });
});
