import { chromium } from "playwright-core";
import { chromiumLaunchOptions } from "../e2e/support/env.ts";
import { Client } from "../test/harness.ts";
const base = process.argv[2]!;
const c = new Client(base);
const r = await c.json<{ user: { id: string } }>("POST", "/api/auth/sign-up/email", { name: "Idle", email: `idle${Date.now()}@x.test`, password: "secret-12", timeZone: "America/New_York" });
const id = r.body.user.id;
for (const n of [1, 2, 3, 4]) {
  await c.post(`/api/accounts/${id}/custom-medications`, { name: `Medication ${n}`, scheduleType: "flexible", timingRules: { minInterval: 60, maxInterval: 720, recommendedInterval: 180, dailyFrequency: 3 }, displayConfig: { pillLabel: `Med ${n}`, timingLabel: "Next" } });
  await c.post(`/api/accounts/${id}/pill-logs`, { timestamp: new Date(Date.now() - n * 600_000).toISOString() });
}
const b = await chromium.launch(chromiumLaunchOptions);
const ctx = await b.newContext({ viewport: { width: 390, height: 844 } });
await ctx.addCookies(c.cookieHeader().split("; ").map((kv) => ({ name: kv.slice(0, kv.indexOf("=")), value: kv.slice(kv.indexOf("=") + 1), url: base })));
const page = await ctx.newPage();
await page.goto(`${base}/regimen/${id}`, { waitUntil: "networkidle" });
console.log("cards", await page.locator("article").count());
await page.waitForTimeout(3000);
const cdp = await ctx.newCDPSession(page);
await cdp.send("Performance.enable");
const m = async () => Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((x) => [x.name, x.value]));
const a = await m();
await page.waitForTimeout(20000);
const z = await m();
for (const k of ["TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration"]) console.log(k, (((z[k] - a[k]) / 20) * 100).toFixed(3) + "%");
await b.close();
