import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Client, freePort } from "../../test/harness.ts";
import { spawnServer, stopAllServers } from "../../test/process.ts";

const dirs: string[] = [];
const tempDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dosetime-proc-"));
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  await stopAllServers();
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

// A zombie (exited, not yet reaped by a parent that is gone) counts as stopped.
const pidAlive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};
const postmasterPid = (dataDir: string) => Number(fs.readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);

describe("the server process on an embedded PostgreSQL", () => {
  it("stops with a message naming the bad variable", async () => {
    const server = spawnServer({ PORT: "not-a-port", DATA_DIR: tempDataDir() });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration:\n\s+PORT:/);
  });

  it("refuses a second server on the same DATA_DIR, survives kill -9 with every row, and stops cleanly", async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port) };
    const first = spawnServer(env);
    await first.ready();
    const base = `http://localhost:${port}`;
    const c = new Client(base);
    expect((await c.post("/api/auth/sign-up/email", { name: "Kept Row", email: "kept@example.test", password: "secret-1" })).status).toBe(200);
    // The secrets were generated once and kept, private to the owner.
    expect(fs.statSync(path.join(dataDir, "auth-secret")).mode & 0o077).toBe(0);
    expect(fs.statSync(path.join(dataDir, "pg-password")).mode & 0o077).toBe(0);

    const second = spawnServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is already using DATA_DIR ${dataDir}`);
    expect((await c.get("/api/me")).status).toBe(200); // the first one is unharmed

    const orphan = postmasterPid(dataDir);
    first.child.kill("SIGKILL");
    await first.exited;
    expect(pidAlive(orphan)).toBe(true); // kill -9 leaves PostgreSQL running, holding DATA_DIR

    const third = spawnServer(env);
    await third.ready();
    expect(pidAlive(orphan)).toBe(false);
    const again = new Client(base);
    expect((await again.post("/api/auth/sign-in/email", { email: "kept@example.test", password: "secret-1" })).status).toBe(200);
    expect((await again.json("GET", "/api/me")).body).toMatchObject({ name: "Kept Row", initials: "KR" });

    const pgPid = postmasterPid(dataDir);
    third.child.kill("SIGTERM");
    expect(await third.exited).toBe(0);
    expect(pidAlive(pgPid)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "dosetime.lock"))).toBe(false);
  });
});
