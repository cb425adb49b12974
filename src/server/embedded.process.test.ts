import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { Client, freePort, testLogger } from "../../test/harness.ts";
import { spawnServer, stopAllServers } from "../../test/process.ts";
import { loadConfig } from "./config.ts";
import { startEmbeddedPostgres } from "./db/embedded.ts";
import { startServer } from "./server.ts";

const dirs: string[] = [];
const tempDir = (mode = 0o755) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dosetime-emb-"));
  fs.chmodSync(dir, mode);
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  await stopAllServers();
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

const AUTH_SECRET = "process-test-secret-0123456789abcdef";
const postmasterPid = (pgDir: string) => Number(fs.readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n")[0]);

describe.runIf(process.getuid?.() === 0)("as root, a DATA_DIR the 'postgres' user cannot reach (a clone in /root)", () => {
  it("keeps the cluster in EMBEDDED_PG_ROOT, says so at start, serves /readyz, and gives PostgreSQL none of the app's secrets", async () => {
    const home = tempDir(0o700); // as /root
    const dataDir = path.join(home, "dosetime", "data");
    const pgRoot = tempDir();
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_ROOT: pgRoot,
      AUTH_SECRET,
      SMTP_URL: "smtp://user:smtp-password-42@127.0.0.1:9",
    };
    const server = spawnServer(env);
    await server.ready();
    const [cluster] = fs.readdirSync(pgRoot);
    const pgDir = path.join(pgRoot, cluster!, "pg");
    expect(server.output()).toContain(`embedded PostgreSQL in ${pgDir}, as the 'postgres' user cannot reach DATA_DIR ${dataDir}`);
    expect(await (await fetch(`http://localhost:${port}/readyz`)).json()).toEqual({ status: "ok", database: "ok", events: "ok" });
    // The cluster moved; the secrets stay in DATA_DIR.
    expect(fs.existsSync(path.join(dataDir, "pg"))).toBe(false);
    expect(fs.statSync(path.join(dataDir, "pg-password")).mode & 0o077).toBe(0);
    expect(fs.statSync(path.join(dataDir, "pg-app-password")).mode & 0o077).toBe(0);

    const environ = fs.readFileSync(`/proc/${postmasterPid(pgDir)}/environ`, "utf8");
    expect(environ).toContain("LC_ALL=C");
    expect(environ).not.toContain(AUTH_SECRET);
    expect(environ).not.toContain("smtp-password-42");

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    // The next start finds the same cluster.
    const again = spawnServer(env);
    await again.ready();
    expect(again.output()).toContain(`embedded PostgreSQL in ${pgDir}`);
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  });
});

describe("the app's database role", () => {
  it("is not a superuser, and a DATA_DIR made by the previous version (tables owned by postgres) keeps its rows", async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const base = `http://localhost:${port}`;
    // The previous version: the app connected as the superuser and migrated the `postgres` database itself.
    const embedded = await startEmbeddedPostgres(dataDir);
    const admin = new pg.Client({ connectionString: embedded.adminUrl });
    await admin.connect();
    await admin.query("alter database postgres owner to postgres");
    await admin.query("drop role dosetime");
    await admin.end();
    fs.rmSync(path.join(dataDir, "pg-app-password"));
    const old = await startServer(
      { ...loadConfig({ DATA_DIR: dataDir, PORT: String(port), AUTH_SECRET }), databaseUrl: embedded.adminUrl },
      { logger: testLogger() },
    );
    const owner = new Client(base);
    const signUp = await owner.json<{ user: { id: string } }>("POST", "/api/auth/sign-up/email", {
      name: "Old Timer",
      email: "old@example.test",
      password: "secret-pass-1",
    });
    const logs = `/api/accounts/${signUp.body.user.id}/pill-logs`;
    const kept = randomUUID();
    expect((await owner.post(logs, { id: kept, timestamp: new Date(Date.now() - 60_000).toISOString() })).status).toBe(201);
    await old.close();
    await embedded.stop();

    const server = spawnServer({ DATA_DIR: dataDir, PORT: String(port), AUTH_SECRET });
    await server.ready();
    const again = new Client(base);
    expect((await again.post("/api/auth/sign-in/email", { email: "old@example.test", password: "secret-pass-1" })).status).toBe(200);
    const history = await again.json<Array<{ id: string }>>("GET", `${logs}?since=${new Date(Date.now() - 3_600_000).toISOString()}`);
    expect(history.body.map((l) => l.id)).toEqual([kept]);
    // A new write as the app role (confirmed: it is 30 s after the first, inside the double-dose guard's window).
    expect((await again.post(logs, { timestamp: new Date(Date.now() - 30_000).toISOString(), confirmDuplicate: true })).status).toBe(201);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    // The URL the app connects with.
    const restarted = await startEmbeddedPostgres(dataDir);
    const app = new pg.Client({ connectionString: restarted.url });
    await app.connect();
    try {
      expect((await app.query("select rolsuper from pg_roles where rolname = current_user")).rows).toEqual([{ rolsuper: false }]);
      expect((await app.query("select count(*)::int as n from pill_logs")).rows).toEqual([{ n: 2 }]);
      const owners = await app.query<{ owner: string }>(
        "select distinct pg_get_userbyid(relowner) as owner from pg_class where relnamespace in ('public'::regnamespace, 'drizzle'::regnamespace)",
      );
      expect(owners.rows).toEqual([{ owner: "dosetime" }]);
    } finally {
      await app.end();
      await restarted.stop();
    }
  });
});
