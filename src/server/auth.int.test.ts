import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { session, verification } from "./db/schema.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const resetLinkOf = (text: string) => /https?:\/\/\S+oobCode=\S+/.exec(text)?.[0] ?? "";
const tokenOf = (link: string) => new URL(link).searchParams.get("oobCode") ?? "";

describe("accounts and sessions", () => {
  it("signs up with initials, and the session cookie is HttpOnly and SameSite=Lax", async () => {
    const c = app.client();
    const res = await c.post("/api/auth/sign-up/email", {
      name: "mary ann smith",
      email: "mary@example.test",
      password: "secret1",
      timeZone: "Europe/London",
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((s) => s.includes("session_token"));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await c.json("GET", "/api/me");
    expect(me.body).toMatchObject({
      name: "mary ann smith",
      email: "mary@example.test",
      initials: "MA",
      timeZone: "Europe/London",
      isOwnAccount: true,
    });
  });

  it("refuses a password shorter than 6 characters", async () => {
    const res = await app.client().json("POST", "/api/auth/sign-up/email", { name: "Short", email: "short@example.test", password: "12345" });
    expect(res.status).toBe(400);
    expect(await app.client().json("POST", "/api/auth/sign-in/email", { email: "short@example.test", password: "12345" })).toMatchObject({
      status: 401,
    });
  });

  it("answers a wrong password with a clear message, and signs out", async () => {
    const user = await app.signUp({ password: "right-pass" });
    const wrong = await app.client().json("POST", "/api/auth/sign-in/email", { email: user.email, password: "wrong-pass" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ message: "Invalid email or password" });
    expect((await user.post("/api/auth/sign-out")).status).toBe(200);
    expect((await user.get("/api/me")).status).toBe(401);
    expect((await user.json("GET", "/api/session")).body).toEqual({ user: null });
  });

  it("refuses a tampered, foreign or expired session cookie on the API", async () => {
    const user = await app.signUp({ name: "Cookie Check" });
    expect((await user.get("/api/me")).status).toBe(200);
    const [name, value] = [...user.jar].find(([k]) => k.includes("session_token"))!;
    const decoded = decodeURIComponent(value);
    const tampered = decoded.slice(0, 5) + (decoded[5] === "A" ? "B" : "A") + decoded.slice(6);
    const other = app.client();
    other.jar.set(name, encodeURIComponent(tampered));
    expect((await other.get("/api/me")).status).toBe(401);
    other.jar.set(name, decoded.split(".")[0]!); // unsigned token
    expect((await other.get("/api/me")).status).toBe(401);
    await app.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, user.userId));
    expect((await user.get("/api/me")).status).toBe(401);
    expect((await user.json("GET", "/api/session")).body).toEqual({ user: null });
  });

  it("refuses a cross-origin POST carrying the user's cookie, and changes nothing", async () => {
    const user = await app.signUp({ name: "Origin Test" });
    const evil = { origin: "http://evil.test" };
    const password = { currentPassword: "secret-pass-1", newPassword: "hacked-pass-1" };
    expect((await user.request("POST", "/api/auth/change-password", password, evil)).status).toBe(403);
    expect((await user.request("PATCH", "/api/me", { name: "Hacked" }, evil)).status).toBe(403);
    expect((await user.request("POST", "/api/auth/sign-out", {}, evil)).status).toBe(403);
    expect((await user.json("GET", "/api/me")).body).toMatchObject({ name: "Origin Test" });
    const signIn = await app.client().request("POST", "/api/auth/sign-in/email", { email: user.email, password: "secret-pass-1" });
    expect(signIn.status).toBe(200);
  });

  it("rate-limits sign-in attempts from one client with 429", async () => {
    const c = app.client();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await c.post("/api/auth/sign-in/email", { email: "nobody@example.test", password: "wrong-pass" })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another client is not affected.
    expect((await app.client().post("/api/auth/sign-in/email", { email: "nobody@example.test", password: "wrong-pass" })).status).toBe(401);
  });
});

describe("password reset", () => {
  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const before = app.smtp.inbox.length;
    const known = await app.signUp();
    const a = await app.client().json("POST", "/api/auth/request-password-reset", { email: known.email, redirectTo: "/login" });
    const b = await app.client().json("POST", "/api/auth/request-password-reset", { email: "nobody-here@example.test", redirectTo: "/login" });
    expect(a).toEqual(b);
    expect(a.status).toBe(200);
    await app.smtp.waitFor(known.email);
    expect(app.smtp.inbox.length).toBe(before + 1);
    expect(app.smtp.inbox.some((m) => m.to.includes("nobody-here@example.test"))).toBe(false);
  });

  it("mails a one-hour link that works once and signs out every session", async () => {
    const user = await app.signUp({ password: "old-password" });
    const otherDevice = app.client();
    expect((await otherDevice.post("/api/auth/sign-in/email", { email: user.email, password: "old-password" })).status).toBe(200);

    await app.client().post("/api/auth/request-password-reset", { email: user.email, redirectTo: "/login" });
    const mail = await app.smtp.waitFor(user.email);
    const link = resetLinkOf(mail.text);
    expect(link).toContain(`${app.base}/__/auth/action?mode=resetPassword&oobCode=`);
    const token = tokenOf(link);

    const [row] = await app.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));
    const lifetime = (row!.expiresAt.getTime() - Date.now()) / 1000;
    expect(lifetime).toBeGreaterThan(3500);
    expect(lifetime).toBeLessThanOrEqual(3600);

    expect(await app.client().json("GET", `/api/password-reset/${token}`)).toEqual({ status: 200, body: { email: user.email } });
    expect((await app.client().post("/api/auth/reset-password", { token, newPassword: "new-password" })).status).toBe(200);

    // Used once: the code is no longer valid, and it cannot be used again.
    expect(await app.client().json("GET", `/api/password-reset/${token}`)).toEqual({
      status: 400,
      body: { error: "This password reset link is invalid or has expired" },
    });
    expect((await app.client().post("/api/auth/reset-password", { token, newPassword: "third-password" })).status).toBe(400);

    // Every session of that user is gone; the new password works, the old one does not.
    expect((await user.get("/api/me")).status).toBe(401);
    expect((await otherDevice.get("/api/me")).status).toBe(401);
    expect(await app.db.select().from(session).where(eq(session.userId, user.userId))).toHaveLength(0);
    expect((await app.client().post("/api/auth/sign-in/email", { email: user.email, password: "old-password" })).status).toBe(401);
    expect((await app.client().post("/api/auth/sign-in/email", { email: user.email, password: "new-password" })).status).toBe(200);
  });

  it("refuses an expired token", async () => {
    const user = await app.signUp({ password: "old-password" });
    await app.client().post("/api/auth/request-password-reset", { email: user.email, redirectTo: "/login" });
    const token = tokenOf(resetLinkOf((await app.smtp.waitFor(user.email)).text));
    // An hour and a second later, as far as the token is concerned.
    await app.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));
    expect((await app.client().json("GET", `/api/password-reset/${token}`)).status).toBe(400);
    expect((await app.client().post("/api/auth/reset-password", { token, newPassword: "new-password" })).status).toBe(400);
    expect((await app.client().post("/api/auth/sign-in/email", { email: user.email, password: "old-password" })).status).toBe(200);
  });

  it("rate-limits reset requests with 429", async () => {
    const c = app.client();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await c.post("/api/auth/request-password-reset", { email: "nobody@example.test", redirectTo: "/login" })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });
});
