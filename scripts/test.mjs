// `npm test`: every test on a fresh machine (DESIGN §8).
//  1. Debian's Chromium for the e2e tests, installed when it is missing and we can (root + apt-get).
//  2. vitest: unit, process and integration tests (embedded PostgreSQL; also TEST_DATABASE_URL when set), TZ=UTC.
//  3. the time-dependent unit tests again under two other zones, so no test leans on the machine's zone.
//  4. the production build, then Playwright in Chromium at 390 px and 1280 px.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const failures = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) failures.push(label);
  console.log(`${r.status === 0 ? "✔" : "✘"} ${label} (${seconds} s)`);
}

function ensureChromium() {
  if (fs.existsSync(chromium)) return true;
  const canInstall = process.getuid?.() === 0 && spawnSync("which", ["apt-get"]).status === 0;
  if (canInstall) {
    console.log(`Chromium is missing at ${chromium}; installing Debian's chromium…`);
    try {
      execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
      execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    } catch {
      // reported below
    }
  }
  if (fs.existsSync(chromium)) return true;
  console.error(
    `\nThe e2e tests need Debian's Chromium at ${chromium} and it is not installed.\n` +
      `Install it with:  sudo apt-get install -y chromium\n(or set CHROMIUM_PATH to another Chromium binary).`,
  );
  return false;
}

if (!ensureChromium()) process.exit(1);
const vitest = "node_modules/.bin/vitest";
run("vitest: unit, process and integration tests (TZ=UTC)", vitest, ["run"], { TZ: "UTC" });
for (const tz of ["America/New_York", "Asia/Kolkata"]) run(`vitest: unit tests (TZ=${tz})`, vitest, ["run", "--project", "unit"], { TZ: tz });
run("build the web app and the server bundle", "npm", ["run", "build", "--silent"]);
run("playwright: e2e in Chromium (phone 390 px, desktop 1280 px)", "node_modules/.bin/playwright", ["test"]);

if (failures.length) {
  console.error(`\n✘ failed: ${failures.join("; ")}`);
  process.exit(1);
}
console.log("\n✔ every test passed");
