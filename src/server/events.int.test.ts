import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, shareAccount, startTestApp, type TestApp } from "../../test/harness.ts";
import { session, sharedAccess } from "./db/schema.ts";
import type { RunningServer } from "./server.ts";

// NOTE: a 300 ms heartbeat instead of 25 s, so that a re-check at the heartbeat is seen without waiting.
const HEARTBEAT_MS = 300;

let app: TestApp;
let second: RunningServer;
beforeAll(async () => {
  app = await startTestApp({}, { eventHeartbeatMs: HEARTBEAT_MS });
  second = await app.startAnother();
});
afterAll(() => app?.close());

/** Reads server-sent events from a stream until `until` returns true (or the stream ends). */
async function readEvents(res: Response, until: (events: string[]) => boolean, timeoutMs = 10_000): Promise<{ events: string[]; ended: boolean }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: string[] = [];
  let buffer = "";
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
    if (!chunk) break;
    if (chunk.done) return { events, ended: true };
    buffer += decoder.decode(chunk.value, { stream: true });
    for (const m of buffer.matchAll(/^event: (.+)$/gm)) events.push(m[1]!);
    buffer = buffer.slice(buffer.lastIndexOf("\n") + 1);
    if (until(events)) break;
  }
  await reader.cancel();
  return { events, ended: false };
}

describe("live events (DESIGN §1, §4)", () => {
  it("an owner's open page hears a caregiver's dose, made through another app server", async () => {
    const owner = await app.signUp({ name: "Eve Owner" });
    const carer = await app.signUp({ name: "Carl Carer" });
    await shareAccount(app.db, owner, carer);
    const stream = await owner.get(`/api/accounts/${owner.userId}/events`);
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const heard = readEvents(stream, (e) => e.includes("pill-logs"));
    await new Promise((r) => setTimeout(r, 200));
    const viaSecond = new Client(second.url);
    for (const [k, v] of carer.jar) viaSecond.jar.set(k, v); // the same session works on every server
    const res = await viaSecond.request("POST", `/api/accounts/${owner.userId}/pill-logs`, { timestamp: new Date().toISOString() });
    expect(res.status).toBe(201);
    expect((await heard).events).toEqual(["ready", "pill-logs"]);
  });

  it("a revoked caregiver's stream ends at once", async () => {
    const owner = await app.signUp();
    const carer = await app.signUp();
    await shareAccount(app.db, owner, carer);
    const stream = await carer.get(`/api/accounts/${owner.userId}/events`);
    const result = readEvents(stream, () => false, 5000);
    await new Promise((r) => setTimeout(r, 200));
    expect((await owner.delete(`/api/accounts/${owner.userId}/caregivers/${carer.userId}`)).status).toBe(204);
    expect(await result).toEqual({ events: ["ready", "access-revoked"], ended: true });
    expect((await carer.get(`/api/accounts/${owner.userId}/events`)).status).toBe(404);
  });
});

describe("event streams re-check at every heartbeat (issue 8)", () => {
  it("a caregiver's stream ends at the next heartbeat when the access row is gone without a NOTIFY", async () => {
    const owner = await app.signUp();
    const carer = await app.signUp();
    await shareAccount(app.db, owner, carer);
    const stream = await carer.get(`/api/accounts/${owner.userId}/events`);
    expect(stream.status).toBe(200);
    const result = readEvents(stream, () => false, 5000);
    await new Promise((r) => setTimeout(r, 2 * HEARTBEAT_MS)); // it lives across heartbeats while allowed
    await app.db.delete(sharedAccess).where(eq(sharedAccess.sharedWithUserId, carer.userId));
    expect(await result).toEqual({ events: ["ready", "access-revoked"], ended: true });
  });

  it("a stream ends at the next heartbeat when its session is gone (signed out elsewhere, password reset)", async () => {
    const owner = await app.signUp();
    const stream = await owner.get(`/api/accounts/${owner.userId}/events`);
    expect(stream.status).toBe(200);
    const result = readEvents(stream, () => false, 5000);
    await new Promise((r) => setTimeout(r, 2 * HEARTBEAT_MS));
    await app.db.delete(session).where(eq(session.userId, owner.userId));
    expect(await result).toEqual({ events: ["ready", "access-revoked"], ended: true });
  });

  it("one user may hold 10 open streams; the 11th is refused with 429 until one closes", async () => {
    const owner = await app.signUp();
    const open: Response[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await owner.get(`/api/accounts/${owner.userId}/events`);
      expect(res.status).toBe(200);
      open.push(res);
    }
    const refused = await owner.json("GET", `/api/accounts/${owner.userId}/events`);
    expect(refused).toEqual({ status: 429, body: { error: "Too many open pages are following live changes. Close some tabs and try again." } });
    // Another user is not affected.
    const other = await app.signUp();
    const theirs = await other.get(`/api/accounts/${other.userId}/events`);
    expect(theirs.status).toBe(200);
    await theirs.body!.cancel();

    await open.pop()!.body!.cancel();
    let again: Response | undefined;
    for (let i = 0; i < 50 && again?.status !== 200; i++) {
      if (again) await new Promise((r) => setTimeout(r, 50));
      again = await owner.get(`/api/accounts/${owner.userId}/events`);
      if (again.status !== 200) await again.body?.cancel();
    }
    expect(again!.status).toBe(200);
    await again!.body!.cancel();
    for (const res of open) await res.body!.cancel();
  });
});
