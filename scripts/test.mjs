// `npm test`: every test on a fresh machine (DESIGN §8).
//  1. Debian's Chromium for the e2e tests, poppler-utils for the PDF tests and dbus-daemon for the notification
//     tap, installed when missing and we can (root + apt-get).
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

/**
 * A Debian package the tests need: present, or installed when we can (root + apt-get), or a message saying how.
 * `binary` is what must exist afterwards.
 */
function ensurePackage(pkg, binary, why) {
  if (fs.existsSync(binary)) return true;
  const canInstall = process.getuid?.() === 0 && spawnSync("which", ["apt-get"]).status === 0;
  if (canInstall) {
    console.log(`${binary} is missing; installing Debian's ${pkg}…`);
    try {
      if (!aptUpdated) execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
      aptUpdated = true;
      execFileSync("apt-get", ["install", "-y", "-qq", pkg], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    } catch {
      // reported below
    }
  }
  if (fs.existsSync(binary)) return true;
  console.error(`\n${why} need Debian's ${pkg} (${binary}), and it is not installed.\nInstall it with:  sudo apt-get install -y ${pkg}`);
  return false;
}
let aptUpdated = false;

const ensureChromium = () =>
  ensurePackage("chromium", chromium, "The e2e tests") || (console.error("(or set CHROMIUM_PATH to another Chromium binary)"), false);

if (!ensureChromium()) process.exit(1);
// The report tests read the PDF's text with pdftotext (DESIGN §13).
if (!ensurePackage("poppler-utils", "/usr/bin/pdftotext", "The report tests")) process.exit(1);
// The notification-tap e2e test gives Chromium a desktop notification service on a private D-Bus (test/notification-center.ts).
if (!ensurePackage("dbus-daemon", "/usr/bin/dbus-daemon", "The notification-tap e2e test")) process.exit(1);
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
