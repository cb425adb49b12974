import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import webpush from "web-push";
import { inject } from "vitest";
import type { Clock } from "../src/server/clock.ts";
import type { Config } from "../src/server/config.ts";
import { createDb, type Db } from "../src/server/db/client.ts";
import { createLogger, type Logger, type LogLevel } from "../src/server/log.ts";
import { sharedAccess } from "../src/server/db/schema.ts";
import { startServer, type RunningServer } from "../src/server/server.ts";
import { startSmtpCatcher } from "./smtp-catcher.ts";
import { withDatabase } from "./setup/template.ts";

/** A fresh database for one test file, cloned from the run's migrated template. */
export async function createTestDatabase(): Promise<{ url: string; db: Db; drop: () => Promise<void> }> {
  const adminUrl = inject("adminUrl");
  const template = inject("templateDb");
  const name = `${template}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${template}"`);
        break;
      } catch (err) {
        // NOTE: two clones starting at the same instant can see each other on the template; try again.
        if (attempt >= 10 || !/being accessed by other users/.test((err as Error).message)) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const db = createDb(url, 5);
  return {
    url,
    db,
    drop: async () => {
      await db.$client.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`).finally(() => c.end());
    },
  };
}

const handedOut = new Set<number>();

/**
 * A port free on 127.0.0.1 for a server about to start. It is drawn from below the kernel's ephemeral range
 * (32768–60999 here), because a port from `listen(0)` is free only until the kernel hands it to the next `listen(0)`
 * or outgoing connection of any process, and a spawned server takes seconds to bind it: that is how an e2e run once
 * failed with EADDRINUSE. Never the same port twice in one process.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (handedOut.has(port)) continue;
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error("no free port between 20000 and 32000 on 127.0.0.1");
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}

/** A cookie-keeping HTTP client, as a browser on the app's own origin would be. */
export class Client {
  readonly jar = new Map<string, string>();
  constructor(
    readonly base: string,
    readonly ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  ) {}

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(this.base + p, {
      method,
      redirect: "manual",
      headers: {
        origin: this.base,
        "x-forwarded-for": this.ip,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(this.jar.size ? { cookie: this.cookieHeader() } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [kv = ""] = c.split(";");
      const i = kv.indexOf("=");
      const [k, v] = [kv.slice(0, i), kv.slice(i + 1)];
      if (v === "" || /max-age=0/i.test(c)) this.jar.delete(k);
      else this.jar.set(k, v);
    }
    return res;
  }
  get = (p: string) => this.request("GET", p);
  post = (p: string, body: unknown = {}) => this.request("POST", p, body);
  patch = (p: string, body: unknown) => this.request("PATCH", p, body);
  put = (p: string, body: unknown) => this.request("PUT", p, body);
  delete = (p: string) => this.request("DELETE", p);

  async json<T = Record<string, unknown>>(method: string, p: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await this.request(method, p, body);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }
}

/**
 * The server's log in tests: quiet, except that an error line goes to console.error, which fails the test
 * (test/setup/console-error.ts) unless the test expects it.
 */
export function testLogger(level: LogLevel = "error") {
  return createLogger(level, { write: (line: string) => console.error(line.trimEnd()) });
}

let userCounter = 0;

/**
 * A running app over a fresh database, with a real SMTP catcher; everything over real HTTP on 127.0.0.1.
 * `now` (or a whole `clock`, which the reminder scheduler reads too) is the server's clock; `smtpDelayMs` makes the catcher take that long to accept each message.
 */
export async function startTestApp(
  overrides: Partial<Config> = {},
  opts: { now?: () => Date; clock?: Clock; eventHeartbeatMs?: number; smtpDelayMs?: number; logger?: Logger } = {},
) {
  const database = await createTestDatabase();
  const smtp = await startSmtpCatcher(0, undefined, { delayMs: opts.smtpDelayMs });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dosetime-app-"));
  const webRoot = path.join(dataDir, "web");
  fs.mkdirSync(webRoot);
  fs.writeFileSync(path.join(webRoot, "index.html"), "<!doctype html><title>Dosetime</title><div id=root></div>");
  const port = await freePort();
  const config: Config = {
    port,
    host: "127.0.0.1",
    publicUrl: `http://127.0.0.1:${port}`,
    dataDir,
    databaseUrl: database.url,
    authSecret: "integration-test-secret-0123456789abcdef",
    smtpUrl: smtp.url,
    mailFrom: "Dosetime <no-reply@dosetime.test>",
    google: undefined,
    // Each test client sends its own X-Forwarded-For, so rate limits are per client as behind a real proxy.
    trustProxy: true,
    logLevel: "error",
    vapid: { ...webpush.generateVAPIDKeys(), subject: "mailto:no-reply@dosetime.test" },
    embeddedPgRoot: path.join(dataDir, "pg-root"),
    ...overrides,
  };
  const logger = opts.logger ?? testLogger(config.logLevel);
  const server = await startServer(config, { webRoot, now: opts.now, clock: opts.clock, eventHeartbeatMs: opts.eventHeartbeatMs, logger });
  const others: RunningServer[] = [];
  const base = config.publicUrl;
  return {
    base,
    routes: server.routes,
    server,
    db: database.db,
    smtp,
    config,
    client: (ip?: string) => new Client(base, ip),
    /** Signs up a new user and returns a client holding their session. */
    async signUp(opts: { name?: string; email?: string; password?: string } = {}) {
      const c = new Client(base);
      const email = opts.email ?? `user${++userCounter}-${randomBytes(3).toString("hex")}@example.test`;
      const res = await c.json<{ user: { id: string } }>("POST", "/api/auth/sign-up/email", {
        name: opts.name ?? "Pat Example",
        email,
        password: opts.password ?? "secret-pass-1",
        timeZone: "America/New_York",
      });
      if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
      return Object.assign(c, { userId: res.body.user.id, email });
    },
    /** Another app server on the same database, as behind a load balancer; closed with this app. */
    async startAnother(changes: Partial<Config> = {}): Promise<RunningServer> {
      const anotherPort = await freePort();
      const another = await startServer(
        {
          ...config,
          port: anotherPort,
          publicUrl: `http://127.0.0.1:${anotherPort}`,
          dataDir: fs.mkdtempSync(path.join(dataDir, "another-")),
          ...changes,
        },
        { webRoot, now: opts.now, clock: opts.clock, eventHeartbeatMs: opts.eventHeartbeatMs, logger },
      );
      others.push(another);
      return another;
    },
    async close() {
      for (const other of others) await other.close();
      await server.close();
      await smtp.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** Fixture builder: gives `caregiver` shared access to `owner`'s account, as an accepted invitation would. */
export async function shareAccount(db: Db, owner: { userId: string; email: string }, caregiver: { userId: string; email: string }) {
  await db.insert(sharedAccess).values({
    id: `${caregiver.userId}_${owner.userId}`,
    ownerUserId: owner.userId,
    ownerName: "Owner",
    ownerEmail: owner.email,
    sharedWithUserId: caregiver.userId,
    sharedWithName: "Caregiver",
    sharedWithEmail: caregiver.email,
  });
}

/** Every "METHOD /api/path" the app serves (Better Auth's wildcard aside), sorted: the route-list tests read it. */
export function servedApiRoutes(routes: ReadonlyArray<{ method: string; path: string }>): string[] {
  return [
    ...new Set(
      routes.filter((r) => r.path.startsWith("/api/") && !r.path.startsWith("/api/auth") && r.method !== "ALL").map((r) => `${r.method} ${r.path}`),
    ),
  ].sort();
}
