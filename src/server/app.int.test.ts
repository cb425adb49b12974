import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe("health, SPA and headers", () => {
  it("answers /healthz and /readyz", async () => {
    expect(await app.client().json("GET", "/healthz")).toEqual({ status: 200, body: { status: "ok" } });
    expect(await app.client().json("GET", "/readyz")).toEqual({ status: 200, body: { status: "ok", database: "ok", events: "ok" } });
  });

  it("answers /readyz 503 naming the live-event listener while it is down, and 200 once it is back", async () => {
    await app.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`);
    let res = await app.client().json("GET", "/readyz");
    while (res.status === 200) res = await app.client().json("GET", "/readyz");
    expect(res).toEqual({ status: 503, body: { status: "unavailable", database: "ok", events: "down" } });
    while (res.status === 503) res = await app.client().json("GET", "/readyz");
    expect(res).toEqual({ status: 200, body: { status: "ok", database: "ok", events: "ok" } });
  });

  it("serves index.html for any screen path, with the security headers", async () => {
    const res = await app.client().get("/regimen/someone/else");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<div id=root>");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
  });

  it("answers an unknown API path with a JSON 404, not the SPA", async () => {
    expect(await app.client().json("GET", "/api/nothing-here")).toEqual({ status: 404, body: { error: "Not found" } });
  });

  it("tells the web only whether Google sign-in is on", async () => {
    expect(await app.client().json("GET", "/api/config")).toEqual({ status: 200, body: { googleEnabled: false } });
  });
});

describe("/api/me", () => {
  it("needs a session", async () => {
    expect(await app.client().json("GET", "/api/me")).toEqual({ status: 401, body: { error: "Please sign in" } });
    expect((await app.client().json("PATCH", "/api/me", { name: "X" })).status).toBe(401);
    expect(await app.client().json("GET", "/api/session")).toEqual({ status: 200, body: { user: null } });
  });

  it("renames the user and recomputes the initials", async () => {
    const user = await app.signUp({ name: "Old Name" });
    const res = await user.json("PATCH", "/api/me", { name: "  jean luc picard ", timeZone: "Asia/Kolkata" });
    expect(res).toEqual({
      status: 200,
      body: { id: user.userId, name: "jean luc picard", email: user.email, initials: "JL", timeZone: "Asia/Kolkata", isOwnAccount: true },
    });
  });

  it.each([
    [{ name: "   " }, "Name is required"],
    [{ timeZone: "Mars/Olympus" }, "Time zone must be an IANA zone such as Europe/London"],
    [{ name: "Ok", role: "admin" }, "Unknown field: role"],
    [{ name: 42 }, "name: Invalid input: expected string, received number"],
  ])("refuses %j with a clear message and changes nothing", async (body, message) => {
    const user = await app.signUp({ name: "Stays Same" });
    expect(await user.json("PATCH", "/api/me", body)).toEqual({ status: 400, body: { error: message } });
    expect((await user.json("GET", "/api/me")).body).toMatchObject({ name: "Stays Same", initials: "SS", timeZone: "America/New_York" });
  });

  it("refuses malformed JSON and bodies over 16 KB", async () => {
    const user = await app.signUp();
    const malformed = await user.request("PATCH", "/api/me", "{not json", { "content-type": "application/json" });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toHaveProperty("error");
    const big = await user.request("PATCH", "/api/me", { name: "x".repeat(17 * 1024) });
    expect(big.status).toBe(413);
  });
});
