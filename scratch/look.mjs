import { chromium } from "playwright-core";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-quic","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync"] });
for (const [w, h, touch] of [[390, 844, true], [1280, 900, false]]) {
  const ctx = await b.newContext({ viewport: { width: w, height: h }, hasTouch: touch, isMobile: touch });
  const p = await ctx.newPage();
  p.on("pageerror", e => console.log("[pageerror]", e.message));
  p.on("console", m => { if (m.type() === "error") console.log("[console]", m.text()); });
  const email = `look${w}-${Date.now()}@x.co`;
  await p.request.post("http://localhost:3998/api/auth/sign-up/email", { data: { name: "Mary Ann Smith", email, password: "secret-1", timeZone: "America/New_York" }, headers: { origin: "http://localhost:3998" } });
  await p.goto("http://localhost:3998/");
  await p.waitForSelector(".med-card");
  await p.screenshot({ path: `/tmp/look-${w}-regimen.png`, fullPage: true });
  await p.getByRole("button", { name: /I TOOK MY/ }).click();
  await p.waitForSelector("dialog[open]");
  await p.screenshot({ path: `/tmp/look-${w}-confirm.png` });
  if (touch) { await p.getByRole("button", { name: "Change time" }).click(); await p.waitForTimeout(300); await p.screenshot({ path: `/tmp/look-${w}-wheel.png` }); await p.getByRole("button", { name: "Done" }).click(); }
  await p.getByRole("button", { name: "CONFIRM" }).click();
  await p.waitForSelector("dialog", { state: "detached" });
  await p.waitForTimeout(500);
  await p.screenshot({ path: `/tmp/look-${w}-after.png`, fullPage: true });
  await p.goto("http://localhost:3998/profile"); await p.waitForSelector("text=Medications to track");
  await p.screenshot({ path: `/tmp/look-${w}-profile.png`, fullPage: true });
  await p.goto("http://localhost:3998/edit-medication"); await p.waitForSelector("text=New Medication");
  await p.getByRole("button", { name: "Save" }).click();
  await p.screenshot({ path: `/tmp/look-${w}-editor.png`, fullPage: true });
  await ctx.close();
}
await b.close();
