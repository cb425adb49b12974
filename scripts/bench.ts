// `npm run bench`: DESIGN §9's budgets, measured on this machine. Figures are printed, never asserted.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";
import { chromium } from "playwright-core";
import { chromiumLaunchOptions } from "../e2e/support/env.ts";
import { Client, freePort } from "../test/harness.ts";
import { repoRoot, spawnServer } from "../test/process.ts";

const rows: Array<[string, string, string]> = [];
const report = (what: string, value: string, budget: string) => {
  rows.push([what, value, budget]);
  console.log(`${what}: ${value}   (budget ${budget})`);
};

function build() {
  const r = spawnSync("npm", ["run", "build", "--silent"], { cwd: repoRoot, stdio: "inherit" });
  if (r.status !== 0) throw new Error("build failed");
}

async function timeToReady(dataDir: string, port: number) {
  const started = performance.now();
  const server = spawnServer({ DATA_DIR: dataDir, PORT: String(port) }, { built: true });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (server.child.exitCode !== null) throw new Error(server.output());
    await new Promise((r) => setTimeout(r, 10));
  }
  return { ms: performance.now() - started, server };
}

async function reachable(url: string) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(m?.[1] ?? 0) * 1024;
}

/** Unique (private) memory of every PostgreSQL process serving this DATA_DIR. */
function postgresUnique(dataDir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      const parent = Number(/PPid:\s+(\d+)/.exec(fs.readFileSync(`/proc/${entry}/status`, "utf8"))?.[1]);
      const parentCmd = fs.existsSync(`/proc/${parent}/cmdline`) ? fs.readFileSync(`/proc/${parent}/cmdline`, "utf8") : "";
      if (!cmd.includes(dataDir) && !parentCmd.includes(dataDir)) continue;
      if (!cmd.includes("postgres") && !parentCmd.includes("postgres")) continue;
      const smaps = fs.readFileSync(`/proc/${entry}/smaps_rollup`, "utf8");
      for (const key of ["Private_Clean", "Private_Dirty"]) total += Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(smaps)?.[1] ?? 0) * 1024;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

async function homePageJs(base: string) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const js = new Map<string, number>();
    page.on("response", async (res) => {
      if (res.url().endsWith(".js") && res.ok()) js.set(res.url(), zlib.gzipSync(await res.body(), { level: 9 }).length);
    });
    const signUp = await page.request.post(`${base}/api/auth/sign-up/email`, {
      data: { name: "Bench User", email: `bench-${Date.now()}@example.test`, password: "bench-pass-1" },
      headers: { origin: base },
    });
    if (!signUp.ok()) throw new Error(`sign-up failed: ${signUp.status()}`);
    await page.goto(base, { waitUntil: "networkidle" });
    await page.waitForURL(/\/regimen\//);
    await page.waitForLoadState("networkidle");
    return [...js.values()].reduce((a, b) => a + b, 0);
  } finally {
    await browser.close();
  }
}

/** Signs up a user over HTTP and returns its id and session cookie. */
async function signUp(base: string, name: string) {
  const c = new Client(base);
  const res = await c.json<{ user: { id: string } }>("POST", "/api/auth/sign-up/email", {
    name,
    email: `${name.replace(/\W/g, "").toLowerCase()}-${Date.now()}@example.test`,
    password: "bench-pass-1",
    timeZone: "America/New_York",
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status}`);
  return { client: c, id: res.body.user.id };
}

/** DESIGN §9: Chromium's task time on the home page with 5 cards, idle for 60 s, as a share of one core. */
async function idleCpu(base: string) {
  const { client, id } = await signUp(base, "Idle Cpu");
  for (const n of [1, 2, 3, 4]) {
    await client.post(`/api/accounts/${id}/custom-medications`, {
      name: `Medication ${n}`,
      scheduleType: n % 2 ? "fixed" : "flexible",
      fixedTimes: n % 2 ? ["08:00", "13:00", "18:00"] : [],
      timingRules: { minInterval: 60, maxInterval: 720, recommendedInterval: 180, dailyFrequency: 3 },
      foodRestriction: { type: "no_dairy", before_minutes: 30, after_minutes: 30 },
      displayConfig: { pillLabel: `Med ${n}`, timingLabel: "Next" },
    });
    await client.post(`/api/accounts/${id}/pill-logs`, { timestamp: new Date(Date.now() - n * 600_000).toISOString() });
  }
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const cookie = client
      .cookieHeader()
      .split("; ")
      .map((kv) => {
        const i = kv.indexOf("=");
        return { name: kv.slice(0, i), value: kv.slice(i + 1), url: base };
      });
    await context.addCookies(cookie);
    const page = await context.newPage();
    await page.goto(`${base}/regimen/${id}`, { waitUntil: "networkidle" });
    const cards = await page.locator("article").count();
    await page.waitForTimeout(5000);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const task = async () => (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "TaskDuration")?.value ?? 0;
    const before = await task();
    await page.waitForTimeout(60_000);
    const share = (await task()) - before;
    return { cards, percent: (share / 60) * 100 };
  } finally {
    await browser.close();
  }
}

function startHelloWorld(port: number) {
  const child = spawn(
    process.execPath,
    ["-e", `require("node:http").createServer((q, s) => s.end("hello world")).listen(${port}, "127.0.0.1", () => console.log("up"))`],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise<typeof child>((resolve) => child.stdout!.once("data", () => resolve(child)));
}

async function cannon(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 50, duration: 10, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** DESIGN §9: an authenticated "today's logs" read against bare node:http hello-world, in the same run. */
async function todaysLogsThroughput(base: string, label: string) {
  const { client, id } = await signUp(base, `Load ${label}`);
  for (let i = 0; i < 1000; i++)
    await client.post(`/api/accounts/${id}/pill-logs`, { timestamp: new Date(Date.now() - i * 3_600_000).toISOString() });
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
  const app = await cannon(`${base}/api/accounts/${id}/pill-logs?date=${today}`, { cookie: client.cookieHeader() });
  const helloPort = await freePort();
  const hello = await startHelloWorld(helloPort);
  const bare = await cannon(`http://127.0.0.1:${helloPort}/`);
  hello.kill();
  report(
    `"Today's logs" read, ${label}: req/s vs hello-world`,
    `${app.rps.toFixed(0)} vs ${bare.rps.toFixed(0)} = ${((app.rps / bare.rps) * 100).toFixed(1)}%`,
    "≥ 15%",
  );
  report(`"Today's logs" read, ${label}: p99 at 50 connections`, `${app.p99} ms (${app.errors} errors)`, "≤ 15 ms");
}

/**
 * DESIGN §9: the history read (one local day) at 1M logs vs at 10k. Rows are generated in SQL, one every 4 hours
 * back from now (the 1M account's history reaches centuries back), so today's answer is the same size for both.
 */
async function historyAtScale(base: string, databaseUrl: string) {
  const timeRead = async (client: Client, id: string) => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    const path = `/api/accounts/${id}/pill-logs?date=${today}&medicationId=carbidopa-levodopa`;
    for (let i = 0; i < 20; i++) await client.get(path); // warm up
    const runs: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      const res = await client.get(path);
      await res.arrayBuffer();
      runs.push(performance.now() - t);
    }
    return runs.sort((a, b) => a - b)[100]!;
  };
  const seed = async (id: string, count: number, stepSeconds: number) => {
    const pool = new pg.Client({ connectionString: databaseUrl });
    await pool.connect();
    await pool.query(
      `insert into pill_logs (id, user_id, "timestamp", logged_by_user_id, logged_by_name, medication_id)
       select gen_random_uuid(), $1, now() - make_interval(secs => g::bigint * $3::int), $1, 'Bench', case when g % 2 = 0 then 'carbidopa-levodopa' end
       from generate_series(1, $2::int) g`,
      [id, count, stepSeconds],
    );
    await pool.query("analyze pill_logs");
    await pool.end();
  };
  const small = await signUp(base, "History Small");
  await seed(small.id, 10_000, 14_400);
  const large = await signUp(base, "History Large");
  await seed(large.id, 1_000_000, 14_400);
  const at10k = await timeRead(small.client, small.id);
  const at1m = await timeRead(large.client, large.id);
  report(
    "History read (one day), 1M logs vs 10k: median",
    `${at1m.toFixed(2)} ms vs ${at10k.toFixed(2)} ms = ${(at1m / at10k).toFixed(2)}×`,
    "≤ 1.3×",
  );
}

async function main() {
  build();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dosetime-bench-"));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  try {
    const fresh = await timeToReady(dataDir, port);
    fresh.server.child.kill("SIGTERM");
    await fresh.server.exited;
    report("Cold start to /readyz, new DATA_DIR", `${fresh.ms.toFixed(0)} ms`, "—");
    const again = await timeToReady(dataDir, port);
    report("Cold start to /readyz, existing DATA_DIR", `${again.ms.toFixed(0)} ms`, "≤ 1500 ms");

    const base = `http://localhost:${port}`;
    report("JS loaded by the home page (gzip)", kb(await homePageJs(base)), "≤ 100 KB");

    // Steady state: some traffic, then a quiet moment.
    const c = new Client(base);
    await c.post("/api/auth/sign-up/email", { name: "Steady State", email: `steady-${Date.now()}@example.test`, password: "steady-pass-1" });
    for (let i = 0; i < 500; i++) await c.get("/api/me");
    await new Promise((r) => setTimeout(r, 2000));
    const pid = again.server.child.pid!;
    report("App memory at steady state (RSS)", mb(rssOf(pid)), "≤ 150 MB");
    report("Embedded PostgreSQL at steady state (unique)", mb(postgresUnique(dataDir)), "≤ 100 MB");

    const idle = await idleCpu(base);
    report(`Idle home page, ${idle.cards} cards, Chromium task time over 60 s`, `${idle.percent.toFixed(2)}% of one core`, "≤ 0.5%");

    await todaysLogsThroughput(base, "embedded PostgreSQL");
    again.server.child.kill("SIGTERM");
    await again.server.exited;

    const external = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
    if (await reachable(external)) {
      const admin = new pg.Client({ connectionString: external });
      await admin.connect();
      await admin.query("drop database if exists dosetime_bench with (force)");
      await admin.query("create database dosetime_bench");
      await admin.end();
      const url = new URL(external);
      url.pathname = "/dosetime_bench";
      const extPort = await freePort();
      const onPg = spawnServer({ DATA_DIR: dataDir, PORT: String(extPort), DATABASE_URL: url.toString() }, { built: true });
      await onPg.ready();
      await todaysLogsThroughput(`http://localhost:${extPort}`, "machine PostgreSQL");
      await historyAtScale(`http://localhost:${extPort}`, url.toString());
      onPg.child.kill("SIGTERM");
      await onPg.exited;
    } else {
      console.log(`(no PostgreSQL at ${external}: skipped the machine-PostgreSQL read)`);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log("\n| Budget | Measured | Target |\n|---|---|---|");
  for (const [what, value, budget] of rows) console.log(`| ${what} | ${value} | ${budget} |`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
