import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shareAccount, startTestApp, type TestApp } from "../../test/harness.ts";
import { sharedAccess } from "./db/schema.ts";
import { AppError } from "./http-error.ts";
import { requireAccess, type Actor, type Permission } from "./policy.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const statusOf = async (actor: Actor, accountId: string, permission: Permission) => {
  try {
    return (await requireAccess(app.db, actor, accountId, permission)).role;
  } catch (err) {
    return err instanceof AppError ? err.status : err;
  }
};

describe("policy (DESIGN §5)", () => {
  it("gives the owner everything, a caregiver read and log, and hides the account from anyone else", async () => {
    const owner = await app.signUp({ name: "Owner" });
    const caregiver = await app.signUp({ name: "Carer" });
    const stranger = await app.signUp({ name: "Stranger" });
    await shareAccount(app.db, owner, caregiver);
    const as = (u: { userId: string; email: string }) => ({ id: u.userId, name: "", email: u.email });
    const table: Array<[string, Actor, Permission, unknown]> = [
      ["owner", as(owner), "read", "owner"],
      ["owner", as(owner), "log", "owner"],
      ["owner", as(owner), "manage", "owner"],
      ["caregiver", as(caregiver), "read", "caregiver"],
      ["caregiver", as(caregiver), "log", "caregiver"],
      ["caregiver", as(caregiver), "manage", 403],
      ["stranger", as(stranger), "read", 404],
      ["stranger", as(stranger), "log", 404],
      ["stranger", as(stranger), "manage", 404],
      ["signed out", null, "read", 401],
      ["signed out", null, "log", 401],
      ["signed out", null, "manage", 401],
    ];
    for (const [who, actor, permission, expected] of table) {
      expect([who, permission, await statusOf(actor, owner.userId, permission)]).toEqual([who, permission, expected]);
    }
    // A caregiver of the owner is a stranger to everyone else.
    expect(await statusOf(as(caregiver), stranger.userId, "read")).toBe(404);
  });

  it("applies the read rule to GET /api/accounts/:id over HTTP, and revocation on the next request", async () => {
    const owner = await app.signUp({ name: "Ola Owner" });
    const caregiver = await app.signUp({ name: "Cy Carer" });
    const path = `/api/accounts/${owner.userId}`;
    expect(await caregiver.json("GET", path)).toEqual({ status: 404, body: { error: "Account not found" } });
    expect(await caregiver.json("GET", "/api/accounts/does-not-exist")).toEqual({ status: 404, body: { error: "Account not found" } });
    expect((await app.client().json("GET", path)).status).toBe(401);
    expect((await owner.json("GET", path)).body).toMatchObject({ name: "Ola Owner", initials: "OO", isOwnAccount: true });

    await shareAccount(app.db, owner, caregiver);
    expect(await caregiver.json("GET", path)).toMatchObject({ status: 200, body: { name: "Ola Owner", isOwnAccount: false } });
    await app.db.delete(sharedAccess);
    expect((await caregiver.json("GET", path)).status).toBe(404);
  });
});
