import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { pillLogs } from "./db/schema.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const REFUSED = { error: "Cross-origin request refused" };

describe("client address behind a trusted proxy", () => {
  it("rate-limits sign-in by the address the proxy appended, whatever the client wrote before it", async () => {
    const c = app.client();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // The client writes its own X-Forwarded-For; the proxy appends the address it saw (c.ip).
      const forwarded = { "x-forwarded-for": `203.0.113.${i + 1}, ${c.ip}` };
      statuses.push((await c.request("POST", "/api/auth/sign-in/email", { email: "nobody@example.test", password: "wrong-pass" }, forwarded)).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("API writes must come from the app's own pages", () => {
  /** A request as a non-browser client (or an old browser) sends it: the user's cookie, no Origin. */
  const withoutOrigin = (
    user: { cookieHeader: () => string; ip: string },
    method: string,
    p: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    fetch(app.base + p, {
      method,
      headers: {
        cookie: user.cookieHeader(),
        "x-forwarded-for": user.ip,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("refuses a cookie-carrying write with neither Origin nor Referer, and changes nothing", async () => {
    const user = await app.signUp({ name: "No Origin" });
    const res = await withoutOrigin(user, "PATCH", "/api/me", { name: "Changed" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(REFUSED);
    const logged = await withoutOrigin(user, "POST", `/api/accounts/${user.userId}/pill-logs`, { timestamp: new Date().toISOString() });
    expect(logged.status).toBe(403);
    expect((await withoutOrigin(user, "PATCH", "/api/me", { name: "Changed" }, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    // Better Auth refuses the same on its own routes.
    expect(
      (await withoutOrigin(user, "POST", "/api/auth/change-password", { currentPassword: "secret-pass-1", newPassword: "changed-pass-2" })).status,
    ).toBe(403);
    expect((await user.json("GET", "/api/me")).body).toMatchObject({ name: "No Origin" });
    expect(await app.db.$count(pillLogs)).toBe(0);
    // Reads need no Origin.
    expect((await withoutOrigin(user, "GET", "/api/me")).status).toBe(200);
  });

  it("takes a write without Origin that the browser marks Sec-Fetch-Site: same-origin", async () => {
    const user = await app.signUp({ name: "Same Site" });
    const res = await withoutOrigin(user, "PATCH", "/api/me", { name: "Renamed" }, { "sec-fetch-site": "same-origin" });
    expect(res.status).toBe(200);
    expect((await user.json("GET", "/api/me")).body).toMatchObject({ name: "Renamed" });
  });

  it("answers a body that is not JSON with 415 and stores nothing, as a cross-site form would send it", async () => {
    const user = await app.signUp();
    const logs = `/api/accounts/${user.userId}/pill-logs`;
    const body = JSON.stringify({ timestamp: new Date().toISOString() });
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const res = await user.request("POST", logs, body, { "content-type": type });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ error: "The request body must be JSON (Content-Type: application/json)" });
    }
    expect(await app.db.$count(pillLogs)).toBe(0);
    expect((await user.request("POST", logs, body, { "content-type": "application/json; charset=utf-8" })).status).toBe(201);
    // A write without a body needs no content type (accepting an invitation, signing out).
    expect((await user.request("POST", "/api/invitations/nothing-here/accept")).status).toBe(404);
  });
});

describe("headers", () => {
  it("marks every API answer no-store, and sends a Permissions-Policy that leaves notifications and push alone", async () => {
    const user = await app.signUp();
    for (const res of [
      await user.get("/api/me"),
      await user.get(`/api/accounts/${user.userId}/pill-logs`),
      await user.get("/api/session"),
      await user.get("/api/auth/get-session"),
      await app.client().get("/api/me"),
      await app.client().get("/api/nothing-here"),
    ]) {
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    const page = await app.client().get("/");
    const policy = page.headers.get("permissions-policy") ?? "";
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) expect(policy).toContain(`${feature}=()`);
    expect(policy).not.toMatch(/notifications|push/);
    expect(page.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends HSTS when PUBLIC_URL is https", async () => {
    const behindTls = await app.startAnother({ publicUrl: "https://dosetime.example" });
    for (const p of ["/", "/api/me", "/healthz"]) {
      const res = await fetch(behindTls.url + p);
      expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    }
  });
});

describe("keep-alive", () => {
  it("keeps an idle connection open past Node's 5-second default, so a client reusing it is not reset", { timeout: 20_000 }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const port = (): Promise<number> =>
      new Promise((resolve, reject) => {
        http
          .get(`${app.base}/healthz`, { agent }, (res) => {
            const local = res.socket.localPort ?? 0;
            res.resume();
            res.on("end", () => resolve(local));
          })
          .on("error", reject);
      });
    const first = await port();
    await new Promise((r) => setTimeout(r, 6_000));
    expect(await port()).toBe(first); // the same connection, still open
    agent.destroy();
  });
});
