import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { z } from "zod";
import { LOG_LEVELS, type LogLevel } from "./log.ts";

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
  logLevel: LogLevel;
  /** Running as root, where the embedded cluster goes when the postgres user cannot reach DATA_DIR. */
  embeddedPgRoot: string;
  /** Web Push's VAPID key pair (base64url) and contact (DESIGN §11). */
  vapid: Vapid;
};

/** Running as root, the embedded cluster's home when the postgres user cannot reach DATA_DIR (README, decision 015). */
export const DEFAULT_EMBEDDED_PG_ROOT = "/var/lib/dosetime";

export type Vapid = { publicKey: string; privateKey: string; subject: string };

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
  LOG_LEVEL: optional.pipe(z.enum(LOG_LEVELS).default("info")),
  EMBEDDED_PG_ROOT: optional.pipe(z.string().default(DEFAULT_EMBEDDED_PG_ROOT)),
  VAPID_PUBLIC_KEY: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, "must be a base64url P-256 public key (87 characters)")
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key (43 characters)")
      .optional(),
  ),
  VAPID_SUBJECT: optional.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: or https: URL")
      .optional(),
  ),
});

export class ConfigError extends Error {}

/**
 * Parses the environment. Throws a ConfigError whose message names every bad variable.
 * Example: PORT=abc → "Invalid configuration:\n  PORT: Invalid input: expected number, received NaN".
 */
export function parseEnv(
  env: NodeJS.ProcessEnv,
): Omit<Config, "authSecret" | "vapid"> & { authSecret?: string; vapid: Partial<Vapid> & { subject: string } } {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError("Invalid configuration:\n  GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET: set both or neither");
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError("Invalid configuration:\n  VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY: set both or neither");
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
    logLevel: e.LOG_LEVEL,
    embeddedPgRoot: path.resolve(e.EMBEDDED_PG_ROOT),
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM.trim()}`,
    },
  };
}

/** Reads a secret kept in DATA_DIR, creating it (mode 0600) on first use: `bytes` random bytes, or what `generate` makes. */
export function readOrCreateSecret(dataDir: string, name: string, bytes = 32, generate = () => randomBytes(bytes).toString("base64url")): string {
  const file = path.join(dataDir, name);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  const secret = generate();
  fs.writeFileSync(file, secret + "\n", { mode: 0o600, flag: "wx" });
  return secret;
}

/** The VAPID key pair kept in DATA_DIR/vapid-keys.json, generated (mode 0600) on first use. */
export function readOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const secret = readOrCreateSecret(dataDir, "vapid-keys.json", 0, () => JSON.stringify(webpush.generateVAPIDKeys()));
  const keys = JSON.parse(secret) as { publicKey: string; privateKey: string };
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/** The full config: the environment plus the secrets kept in DATA_DIR. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const partial = parseEnv(env);
  fs.mkdirSync(partial.dataDir, { recursive: true, mode: 0o755 });
  const { publicKey, privateKey } = partial.vapid;
  return {
    ...partial,
    authSecret: partial.authSecret ?? readOrCreateSecret(partial.dataDir, "auth-secret"),
    vapid: { ...(publicKey && privateKey ? { publicKey, privateKey } : readOrCreateVapidKeys(partial.dataDir)), subject: partial.vapid.subject },
  };
}
