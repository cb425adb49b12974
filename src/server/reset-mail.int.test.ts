import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort, startTestApp, type TestApp } from "../../test/harness.ts";

// NOTE: the mail relay takes 500 ms to accept a message, as a slow one does; the answer must not wait for it,
// or its timing tells who has an account.
let slowRelay: TestApp;
let noRelay: TestApp;
beforeAll(async () => {
  slowRelay = await startTestApp({}, { smtpDelayMs: 500 });
  noRelay = await startTestApp({ smtpUrl: `smtp://127.0.0.1:${await freePort()}` }); // nothing listens there
});
afterAll(async () => {
  await slowRelay?.close();
  await noRelay?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const requestReset = (app: TestApp, email: string) => app.client().json("POST", "/api/auth/request-password-reset", { email, redirectTo: "/login" });

describe("password reset answers before the mail is sent", () => {
  it("answers a known and an unknown e-mail the same, before the mail has arrived; the mail arrives later", async () => {
    const known = await slowRelay.signUp();
    const forKnown = await requestReset(slowRelay, known.email);
    expect(slowRelay.smtp.inbox.some((m) => m.to.includes(known.email))).toBe(false);
    const forUnknown = await requestReset(slowRelay, "nobody-at-all@example.test");
    expect(forKnown).toEqual(forUnknown);
    expect(forKnown.status).toBe(200);
    expect((await slowRelay.smtp.waitFor(known.email)).subject).toBe("Reset your Dosetime password");
  });

  it("answers the same when the mail cannot be sent, and logs the failure", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const known = await noRelay.signUp();
    const forKnown = await requestReset(noRelay, known.email);
    const forUnknown = await requestReset(noRelay, "nobody-at-all@example.test");
    expect(forKnown).toEqual(forUnknown);
    expect(forKnown.status).toBe(200);
    // The server's log line (JSON, through the test logger's console.error) names the user and the failure.
    await vi.waitFor(
      () => {
        const lines = errors.mock.calls.map((args) => String(args[0]));
        expect(lines.some((l) => l.includes('"msg":"password-reset mail failed"') && l.includes(known.userId))).toBe(true);
      },
      { timeout: 10_000 },
    );
  });
});
