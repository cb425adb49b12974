import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { shareInvitations, sharedAccess } from "./db/schema.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

type Invitation = { id: string; status: string; invitedEmail: string; ownerName: string };

describe("invitations", () => {
  it("the whole journey: invite, accept, log for the owner, revoke — effective on the very next request", async () => {
    const owner = await app.signUp({ name: "Olga Owner" });
    const carer = await app.signUp({ name: "Carl Carer" });
    const created = await owner.json<Invitation>("POST", `/api/accounts/${owner.userId}/invitations`, { email: `  ${carer.email.toUpperCase()} ` });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ invitedEmail: carer.email, status: "pending", ownerName: "Olga Owner" });
    expect(created.body.id).toMatch(/^[\w-]{22}$/); // 128 random bits, URL-safe
    expect((await owner.json<Invitation[]>("GET", `/api/accounts/${owner.userId}/invitations`)).body.map((i) => i.id)).toEqual([created.body.id]);

    expect(await carer.json("GET", `/api/invitations/${created.body.id}`)).toMatchObject({
      status: 200,
      body: { ownerName: "Olga Owner", ownerEmail: owner.email },
    });
    expect(await carer.json("POST", `/api/invitations/${created.body.id}/accept`)).toEqual({
      status: 200,
      body: { ownerUserId: owner.userId, ownerName: "Olga Owner" },
    });
    // Idempotent: the same accept again changes nothing.
    expect((await carer.json("POST", `/api/invitations/${created.body.id}/accept`)).status).toBe(200);
    expect(await app.db.select().from(sharedAccess).where(eq(sharedAccess.ownerUserId, owner.userId))).toMatchObject([
      { id: `${carer.userId}_${owner.userId}`, sharedWithName: "Carl Carer", sharedWithEmail: carer.email, ownerName: "Olga Owner" },
    ]);
    // Opened again later: an error, not a second acceptance.
    expect(await carer.json("GET", `/api/invitations/${created.body.id}`)).toEqual({
      status: 409,
      body: { error: "This invitation has already been accepted" },
    });
    expect((await owner.json<unknown[]>("GET", `/api/accounts/${owner.userId}/invitations`)).body).toEqual([]);

    expect(await carer.json("GET", "/api/me/accounts")).toMatchObject({
      status: 200,
      body: { own: { id: carer.userId, name: "Carl Carer" }, shared: [{ id: owner.userId, name: "Olga Owner", email: owner.email }] },
    });
    const given = await carer.json("POST", `/api/accounts/${owner.userId}/pill-logs`, { timestamp: new Date().toISOString() });
    expect(given).toMatchObject({ status: 201, body: { userId: owner.userId, loggedByUserId: carer.userId, loggedByName: "Carl Carer" } });
    expect((await owner.json<Array<{ carer: string }>>("GET", `/api/accounts/${owner.userId}/caregivers`)).body).toMatchObject([
      { sharedWithUserId: carer.userId, sharedWithName: "Carl Carer" },
    ]);

    expect((await owner.delete(`/api/accounts/${owner.userId}/caregivers/${carer.userId}`)).status).toBe(204);
    expect((await carer.get(`/api/accounts/${owner.userId}/pill-logs`)).status).toBe(404);
    expect((await carer.json("GET", "/api/me/accounts")).body).toMatchObject({ shared: [] });
    // The accepted link cannot bring access back.
    expect(await carer.json("POST", `/api/invitations/${created.body.id}/accept`)).toEqual({
      status: 409,
      body: { error: "This invitation has already been accepted" },
    });
    expect((await owner.delete(`/api/accounts/${owner.userId}/caregivers/${carer.userId}`)).status).toBe(404);
  });

  it.each([
    ["", 400, "Please enter an email address"],
    ["not-an-email", 400, "Please enter a valid email address"],
    ["SELF", 400, "You cannot share access with yourself"],
    ["PENDING", 409, "An invitation has already been sent to this email"],
    ["CARER", 409, "This user already has access to your account"],
  ])("refuses %j with %i '%s' and writes nothing", async (email, status, message) => {
    const owner = await app.signUp();
    const carer = await app.signUp();
    const { body: inv } = await owner.json<Invitation>("POST", `/api/accounts/${owner.userId}/invitations`, { email: carer.email });
    await carer.post(`/api/invitations/${inv.id}/accept`);
    await owner.post(`/api/accounts/${owner.userId}/invitations`, { email: "pending@example.test" });
    const before = await app.db.select().from(shareInvitations).where(eq(shareInvitations.ownerUserId, owner.userId));
    const address =
      email === "SELF" ? owner.email.toUpperCase() : email === "PENDING" ? "Pending@Example.test" : email === "CARER" ? carer.email : email;
    expect(await owner.json("POST", `/api/accounts/${owner.userId}/invitations`, { email: address })).toEqual({ status, body: { error: message } });
    expect(await app.db.select().from(shareInvitations).where(eq(shareInvitations.ownerUserId, owner.userId))).toEqual(before);
  });

  it("only the invited address may see, accept or reject; a rejected invitation cannot be acted on again", async () => {
    const owner = await app.signUp();
    const invited = await app.signUp();
    const intruder = await app.signUp();
    const { body: inv } = await owner.json<Invitation>("POST", `/api/accounts/${owner.userId}/invitations`, { email: invited.email });
    const notYours = { status: 403, body: { error: "This invitation was not sent to your email address" } };
    expect(await intruder.json("GET", `/api/invitations/${inv.id}`)).toEqual(notYours);
    expect(await intruder.json("POST", `/api/invitations/${inv.id}/accept`)).toEqual(notYours);
    expect(await intruder.json("POST", `/api/invitations/${inv.id}/reject`)).toEqual(notYours);
    expect(await app.db.select().from(sharedAccess).where(eq(sharedAccess.ownerUserId, owner.userId))).toEqual([]);

    expect((await invited.post(`/api/invitations/${inv.id}/reject`)).status).toBe(204);
    const rejected = { status: 409, body: { error: "This invitation has been rejected" } };
    expect(await invited.json("GET", `/api/invitations/${inv.id}`)).toEqual(rejected);
    expect(await invited.json("POST", `/api/invitations/${inv.id}/accept`)).toEqual(rejected);
    expect(await invited.json("POST", `/api/invitations/${inv.id}/reject`)).toEqual(rejected);
    expect(await app.db.select().from(sharedAccess).where(eq(sharedAccess.ownerUserId, owner.userId))).toEqual([]);
    expect(await invited.json("GET", "/api/invitations/no-such-invitation")).toEqual({ status: 404, body: { error: "Invitation not found" } });
  });

  it("the owner cancels a pending invitation, which deletes it", async () => {
    const owner = await app.signUp();
    const { body: inv } = await owner.json<Invitation>("POST", `/api/accounts/${owner.userId}/invitations`, { email: "someone@example.test" });
    expect((await owner.delete(`/api/accounts/${owner.userId}/invitations/${inv.id}`)).status).toBe(204);
    expect(
      await app.db
        .select()
        .from(shareInvitations)
        .where(and(eq(shareInvitations.id, inv.id))),
    ).toEqual([]);
    expect((await owner.delete(`/api/accounts/${owner.userId}/invitations/${inv.id}`)).status).toBe(404);
  });

  it("two accepts at once make one access row", async () => {
    const owner = await app.signUp();
    const carer = await app.signUp();
    const { body: inv } = await owner.json<Invitation>("POST", `/api/accounts/${owner.userId}/invitations`, { email: carer.email });
    const statuses = await Promise.all([1, 2, 3].map(() => carer.post(`/api/invitations/${inv.id}/accept`).then((r) => r.status)));
    expect(statuses).toEqual([200, 200, 200]);
    expect(await app.db.select().from(sharedAccess).where(eq(sharedAccess.ownerUserId, owner.userId))).toHaveLength(1);
  });
});
