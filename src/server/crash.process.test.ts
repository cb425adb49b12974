import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Client, freePort } from "../../test/harness.ts";
import { nonReapingInit, spawnServer, stopAllServers } from "../../test/process.ts";

const dirs: string[] = [];
const groups = new Set<number>(); // servers not yet seen to exit
afterAll(async () => {
  // A server left running by a failure runs in its own group, outside its wrapper's.
  for (const pgid of groups) {
    try {
      process.kill(-pgid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  await stopAllServers();
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

const RESTARTS = 10;

type Spawned = ReturnType<typeof spawnServer>;
async function waitForOutput(server: Spawned, pattern: RegExp): Promise<RegExpMatchArray> {
  for (;;) {
    const m = server.output().match(pattern);
    if (m) return m;
    if (server.child.exitCode !== null) throw new Error(`the wrapper exited:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

// NOTE: the server runs under an init that never reaps orphans (as PID 1 of a container may not), so the killed
// postmaster stays a zombie: PostgreSQL's own check (kill(pid, 0)) sees it alive.
describe("a crash of the app and its embedded PostgreSQL together (kill -9 of the process group)", () => {
  it(`comes back on the first try with every acknowledged dose, ${RESTARTS} times in a row`, { timeout: 600_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dosetime-crash-"));
    fs.chmodSync(dataDir, 0o755);
    dirs.push(dataDir);
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "warn" };
    const base = `http://localhost:${port}`;
    // NOTE: two people sharing the writes keep each under the per-user write limit (60 a minute).
    const clients = [new Client(base), new Client(base)];
    const userIds: string[] = [];
    const acknowledged = new Set<string>();
    const testStart = Date.now();
    let written = 0;
    const logDose = async () => {
      const id = randomUUID();
      const who = written % 2;
      // Distinct instants, all after the test began; a second apart, so each is confirmed past the double-dose guard.
      const timestamp = new Date(testStart + 1000 * written++).toISOString();
      const res = await clients[who]!.post(`/api/accounts/${userIds[who]}/pill-logs`, { id, timestamp, confirmDuplicate: true }).catch(
        () => undefined,
      );
      if (res?.status === 201) acknowledged.add(id);
    };
    const readyTimes: number[] = [];

    for (let round = 0; round <= RESTARTS; round++) {
      const started = Date.now();
      const server = spawnServer(env, { wrapper: nonReapingInit });
      const serverPid = Number((await waitForOutput(server, /server pid (\d+)/))[1]);
      groups.add(serverPid);
      await Promise.race([
        server.ready(),
        waitForOutput(server, /server exited/).then(() => {
          throw new Error(`start ${round} failed:\n${server.output()}`);
        }),
      ]);
      readyTimes.push(Date.now() - started);

      if (round === 0) {
        for (const [i, client] of clients.entries()) {
          const res = await client.json<{ user: { id: string } }>("POST", "/api/auth/sign-up/email", {
            name: "Crash Test",
            email: `crash-${i}@example.test`,
            password: "secret-pass-1",
          });
          expect(res.status).toBe(200);
          userIds.push(res.body.user.id);
        }
      } else {
        // Every dose acknowledged before the crash is there, once.
        const stored: string[] = [];
        for (const [i, client] of clients.entries()) {
          const res = await client.json<Array<{ id: string }>>(
            "GET",
            `/api/accounts/${userIds[i]}/pill-logs?since=${new Date(testStart - 60_000).toISOString()}`,
          );
          expect(res.status).toBe(200);
          stored.push(...res.body.map((l) => l.id));
        }
        const ids = new Set(stored);
        expect([...acknowledged].filter((id) => !ids.has(id))).toEqual([]);
        expect(stored).toHaveLength(ids.size); // no duplicate
      }
      if (round === RESTARTS) {
        process.kill(serverPid, "SIGTERM");
        expect((await waitForOutput(server, /server exited (\d+)/))[1]).toBe("0");
        groups.delete(serverPid);
        break;
      }
      for (let i = 0; i < 5; i++) await logDose();
      // More writes in flight while the power goes: the ones answered 201 count as acknowledged.
      const inFlight = Array.from({ length: 5 }, () => logDose());
      await new Promise((r) => setTimeout(r, 5));
      process.kill(-serverPid, "SIGKILL");
      await Promise.all(inFlight);
      await waitForOutput(server, /server exited/);
      groups.delete(serverPid);
    }
    expect(acknowledged.size).toBeGreaterThanOrEqual(RESTARTS * 5);
    console.log(`time to ready after each kill -9 (ms): first start ${readyTimes[0]}, then ${readyTimes.slice(1).join(", ")}`);
  });
});
