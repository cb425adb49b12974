import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shareAccount, startTestApp, type TestApp } from "../../test/harness.ts";
import { user } from "./db/schema.ts";

// Issue 8 items 4 and 5: one way to change a profile (PATCH /api/me), the same name and e-mail rules on sign-up,
// and a zone stored before those rules (or by hand) never breaking an answer.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const users = async () => (await app.db.select({ n: count() }).from(user))[0]!.n;

describe("sign-up takes only what the form and PATCH /api/me take (SPEC §5)", () => {
  it.each([
    ["an empty name", { name: "" }, "Name is required"],
    ["a blank name", { name: "   " }, "Name is required"],
    ["no name", { name: undefined }, "Name is required"],
    ["a 10,000-character name", { name: "n".repeat(10_000) }, "Name must be at most 100 characters"],
    ["a 300-character e-mail", { email: `${"e".repeat(288)}@example.test` }, "Please enter a valid email address"],
  ])("refuses %s with 400 and creates no account", async (_, override, message) => {
    const before = await users();
    const res = await app.client().json<{ message: string }>("POST", "/api/auth/sign-up/email", {
      name: "Pat",
      email: `pat-${Math.random()}@example.test`,
      password: "secret-pass-1",
      ...override,
    });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    expect(await users()).toBe(before);
  });

  it("takes a 100-character name, trimmed, with its initials", async () => {
    const name = `${"Ann ".repeat(24)}Beth`; // 100 characters
    const c = app.client();
    const res = await c.json("POST", "/api/auth/sign-up/email", { name: ` ${name} `, email: "long-name@example.test", password: "secret-pass-1" });
    expect(res.status).toBe(200);
    expect((await c.json("GET", "/api/me")).body).toMatchObject({ name, initials: "AA" });
  });
});

describe("one way to change a profile", () => {
  it.each([
    ["a zone that does not exist", { timeZone: "Mars/Olympus" }],
    ["a 2,000-character name", { name: "n".repeat(2000) }],
    ["a null name", { name: null }],
    ["a valid name", { name: "Renamed" }],
  ])("Better Auth's update-user is not served (%s), and the profile is unchanged", async (_, body) => {
    const owner = await app.signUp({ name: "Pat Example" });
    const res = await owner.request("POST", "/api/auth/update-user", body);
    expect(res.status).toBe(404);
    expect((await owner.json("GET", "/api/me")).body).toMatchObject({ name: "Pat Example", initials: "PE", timeZone: "America/New_York" });
  });

  it("PATCH /api/me changes the name with its initials, and refuses what sign-up refuses", async () => {
    const owner = await app.signUp({ name: "Pat Example" });
    expect((await owner.json("PATCH", "/api/me", { name: "n".repeat(2000) })).status).toBe(400);
    expect((await owner.json("PATCH", "/api/me", { timeZone: "Mars/Olympus" })).status).toBe(400);
    expect((await owner.json("PATCH", "/api/me", { name: "Robin Hood" })).body).toMatchObject({ name: "Robin Hood", initials: "RH" });
  });
});

describe("a stored zone that is not valid reads as UTC", () => {
  it("the owner's and a caregiver's reads answer 200, in UTC", async () => {
    const owner = await app.signUp({ name: "Owner" });
    const caregiver = await app.signUp({ name: "Caregiver" });
    await shareAccount(app.db, owner, caregiver);
    // A log at 02:00 UTC on 2026-06-16: 22:00 on the 15th in the owner's New York, the 16th once the zone reads as UTC.
    expect((await owner.json("POST", `/api/accounts/${owner.userId}/pill-logs`, { timestamp: "2026-06-16T02:00:00Z" })).status).toBe(201);
    await app.db.update(user).set({ timeZone: "Mars/Olympus" }).where(eq(user.id, owner.userId));
    const acc = `/api/accounts/${owner.userId}`;
    for (const [who, c] of [
      ["owner", owner],
      ["caregiver", caregiver],
    ] as const) {
      const day = await c.json<unknown[]>("GET", `${acc}/pill-logs?date=2026-06-16`);
      expect({ who, status: day.status, logs: day.body.length }).toEqual({ who, status: 200, logs: 1 });
      expect({ who, ...(await c.json(`GET`, acc)) }).toMatchObject({ who, status: 200, body: { timeZone: "UTC" } });
      expect({ who, status: (await c.json("GET", `${acc}/medications`)).status }).toEqual({ who, status: 200 });
    }
    expect((await owner.json("GET", "/api/me")).body).toMatchObject({ timeZone: "UTC" });
    expect((await owner.json<{ user: { timeZone: string } }>("GET", "/api/session")).body.user.timeZone).toBe("UTC");
  });
});
