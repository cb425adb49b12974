// `npm run bench`: DESIGN §9's budgets, measured on this machine. Figures are printed, never asserted.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
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

    again.server.child.kill("SIGTERM");
    await again.server.exited;
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
