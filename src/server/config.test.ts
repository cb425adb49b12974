import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseEnv } from "./config.ts";

describe("configuration (DESIGN §7)", () => {
  it("has working defaults", () => {
    const c = parseEnv({});
    expect(c).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      publicUrl: "http://localhost:3000",
      databaseUrl: undefined,
      google: undefined,
      trustProxy: false,
      logLevel: "info",
      embeddedPgRoot: "/var/lib/dosetime",
    });
    expect(c.dataDir).toBe(path.resolve("./data"));
  });

  it("names every bad variable at once", () => {
    let message = "";
    try {
      parseEnv({ PORT: "abc", DATABASE_URL: "mysql://x", SMTP_URL: "not a url", TRUST_PROXY: "maybe" });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    for (const name of ["PORT", "DATABASE_URL", "SMTP_URL", "TRUST_PROXY"]) expect(message).toMatch(new RegExp(`^\\s+${name}:`, "m"));
  });

  it("wants both Google variables or neither", () => {
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_ID\/GOOGLE_CLIENT_SECRET: set both or neither/);
    expect(parseEnv({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" }).google?.discoveryUrl).toBe(
      "https://accounts.google.com/.well-known/openid-configuration",
    );
  });

  it("generates AUTH_SECRET once, keeps it private in DATA_DIR, and reuses it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dosetime-cfg-"));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.authSecret).toHaveLength(43);
    expect(second.authSecret).toBe(first.authSecret);
    expect(fs.statSync(path.join(dir, "auth-secret")).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir, AUTH_SECRET: "x".repeat(32) }).authSecret).toBe("x".repeat(32));
    expect(() => loadConfig({ DATA_DIR: dir, AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET: must be at least 32 characters/);
    fs.rmSync(dir, { recursive: true });
  });

  it("generates the VAPID keys once into DATA_DIR, or takes both from the environment; the subject defaults to MAIL_FROM", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dosetime-cfg-"));
    const first = loadConfig({ DATA_DIR: dir, MAIL_FROM: "Dosetime <care@example.org>" });
    expect(first.vapid).toMatchObject({ subject: "mailto:care@example.org" });
    expect(first.vapid.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(loadConfig({ DATA_DIR: dir }).vapid.publicKey).toBe(first.vapid.publicKey);
    expect(fs.statSync(path.join(dir, "vapid-keys.json")).mode & 0o777).toBe(0o600);
    const env = { DATA_DIR: dir, VAPID_PUBLIC_KEY: "B".repeat(87), VAPID_PRIVATE_KEY: "p".repeat(43), VAPID_SUBJECT: "https://dosetime.example.org" };
    expect(loadConfig(env).vapid).toEqual({ publicKey: "B".repeat(87), privateKey: "p".repeat(43), subject: "https://dosetime.example.org" });
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: "B".repeat(87) })).toThrow(/VAPID_PUBLIC_KEY\/VAPID_PRIVATE_KEY: set both or neither/);
    expect(() => parseEnv({ VAPID_SUBJECT: "someone" })).toThrow(/VAPID_SUBJECT: must be a mailto: or https: URL/);
    fs.rmSync(dir, { recursive: true });
  });
});
