import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, freePort, shareAccount, startTestApp, type TestApp } from "../../test/harness.ts";
import { startServer, type RunningServer } from "./server.ts";

let app: TestApp;
let second: RunningServer;
beforeAll(async () => {
  app = await startTestApp();
  // A second app server on the same database, as behind a load balancer.
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dosetime-second-"));
  second = await startServer(
    { ...app.config, port, publicUrl: `http://127.0.0.1:${port}`, dataDir },
    { webRoot: path.join(app.config.dataDir, "web") },
  );
});
afterAll(async () => {
  await second?.close();
  await app?.close();
});

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
