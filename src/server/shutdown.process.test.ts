import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Client, freePort } from "../../test/harness.ts";
import { spawnServer, stopAllServers } from "../../test/process.ts";

const dirs: string[] = [];
const stopped: number[] = [];
const tempDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dosetime-stop-"));
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const pid of stopped) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  await stopAllServers();
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

const postmasterPid = (dataDir: string) => Number(fs.readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);

async function until(check: () => boolean) {
  while (!check()) await new Promise((r) => setTimeout(r, 20));
}

describe("SIGTERM", () => {
  it("lets a request in flight finish, refuses new connections, then exits", async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const server = spawnServer({ DATA_DIR: dataDir, PORT: String(port) });
    await server.ready();
    const base = `http://localhost:${port}`;
    const owner = new Client(base);
    const signUp = await owner.json<{ user: { id: string } }>("POST", "/api/auth/sign-up/email", {
      name: "Slow Writer",
      email: "slow@example.test",
      password: "secret-pass-1",
    });
    expect(signUp.status).toBe(200);

    // A dose log whose body is still arriving when SIGTERM comes.
    const body = JSON.stringify({ timestamp: new Date(Date.now() - 60_000).toISOString() });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(`${base}/api/accounts/${signUp.body.user.id}/pill-logs`, {
        method: "POST",
        headers: { origin: base, cookie: owner.cookieHeader(), "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (d: Buffer) => (text += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on("error", reject);
      req.on("socket", (socket) => socket.once("connect", () => (inFlight = req)));
      req.write(body.slice(0, 10));
    });
    let inFlight: http.ClientRequest | undefined;
    await until(() => inFlight !== undefined);
    // A round trip on another connection, so the server has read the slow request's head by now.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    server.child.kill("SIGTERM");
    await until(() => server.output().includes("stopping: finishing the requests in flight"));
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    inFlight!.end(body.slice(10));
    const res = await answer;
    expect(res.status).toBe(201);
    expect(await server.exited).toBe(0);
  });

  it("exits within its bound even when PostgreSQL hangs", async () => {
    const dataDir = tempDataDir();
    const server = spawnServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    await server.ready();
    const pgPid = postmasterPid(dataDir);
    process.kill(pgPid, "SIGSTOP");
    stopped.push(pgPid);
    server.child.kill("SIGTERM");
    const code = await server.exited;
    console.log("OUT", server.child.signalCode, server.output().slice(-800));
    expect(code).toBe(1);
    expect(server.output()).toContain("could not stop in time; exiting anyway");
  });
});
