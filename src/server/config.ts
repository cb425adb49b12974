import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/** Everything the server reads from the environment, validated once at start (DESIGN §7). */
export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
  trustProxy: boolean;
};

const GOOGLE_DISCOVERY = "https://accounts.google.com/.well-known/openid-configuration";

const optional = z
  .string()
  .transform((v) => (v.trim() === "" ? undefined : v.trim()))
  .optional();

const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `must be a ${protocols.join(" or ")} URL`,
    );

const envSchema = z.object({
  PORT: optional.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).default(3000)),
  HOST: optional.pipe(z.string().default("127.0.0.1")),
  PUBLIC_URL: optional.pipe(url(["http:", "https:"]).optional()),
  DATA_DIR: optional.pipe(z.string().default("./data")),
  DATABASE_URL: optional.pipe(url(["postgres:", "postgresql:"]).optional()),
  AUTH_SECRET: optional.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SMTP_URL: optional.pipe(url(["smtp:", "smtps:"]).optional()),
  MAIL_FROM: optional.pipe(z.string().default("Dosetime <no-reply@localhost>")),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_DISCOVERY_URL: optional.pipe(url(["http:", "https:"]).default(GOOGLE_DISCOVERY)),
  TRUST_PROXY: optional.pipe(z.enum(["on", "off", "true", "false", "1", "0"]).default("off")),
});

export class ConfigError extends Error {}

/**
 * Parses the environment. Throws a ConfigError whose message names every bad variable.
 * Example: PORT=abc → "Invalid configuration:\n  PORT: Invalid input: expected number, received NaN".
 */
export function parseEnv(env: NodeJS.ProcessEnv): Omit<Config, "authSecret"> & { authSecret?: string } {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError("Invalid configuration:\n  GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET: set both or neither");
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            discoveryUrl: e.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    trustProxy: ["on", "true", "1"].includes(e.TRUST_PROXY),
  };
}

/** Reads a secret kept in DATA_DIR, creating it (mode 0600) on first use. */
export function readOrCreateSecret(dataDir: string, name: string, bytes = 32): string {
  const file = path.join(dataDir, name);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  const secret = randomBytes(bytes).toString("base64url");
  fs.writeFileSync(file, secret + "\n", { mode: 0o600, flag: "wx" });
  return secret;
}

/** The full config: the environment plus the secrets kept in DATA_DIR. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const partial = parseEnv(env);
  fs.mkdirSync(partial.dataDir, { recursive: true, mode: 0o755 });
  return { ...partial, authSecret: partial.authSecret ?? readOrCreateSecret(partial.dataDir, "auth-secret") };
}
