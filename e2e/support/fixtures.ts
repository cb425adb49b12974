import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type Page } from "@playwright/test";
import type { CaughtMail } from "../../test/smtp-catcher.ts";
import { E2E } from "./env.ts";

/** A made-up client address: the server, behind a trusted proxy here, rate-limits per address. */
export const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;
let n = 0;
export const uniqueEmail = (prefix = "user") => `${prefix}-${Date.now().toString(36)}-${process.pid}-${++n}@example.test`;

/**
 * Every test gets its own client address (rate limits are per address) and fails on an unexpected
 * console error, an uncaught page error or any 5xx answer (CONVENTIONS: tests).
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  extraHTTPHeaders: async ({}, use) => {
    await use({ "x-forwarded-for": randomIp() });
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        // A 4xx answer (a wrong password, a used reset link) is the app working; Chromium still logs it.
        if (m.type() === "error" && !/^Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) errors.push(m.text());
      });
      page.on("response", (r) => {
        if (r.status() >= 500) errors.push(`${r.status()} from ${r.url()}`);
      });
      page.on("pageerror", (e) => errors.push(e.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Creates an account through the API with the page's own cookies (the fast path; sign-up's own test uses the form). */
export async function createUser(page: Page, opts: { name?: string; email?: string; password?: string } = {}) {
  const user = { name: opts.name ?? "Robin Example", email: opts.email ?? uniqueEmail(), password: opts.password ?? "secret-pass-1" };
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: { ...user, timeZone: "America/New_York" },
    headers: { origin: E2E.baseUrl },
  });
  expect(res.status()).toBe(200);
  const { user: created } = (await res.json()) as { user: { id: string } };
  return { ...user, id: created.id };
}

/** Waits for the newest e-mail to `to` that the SMTP catcher received. */
export async function readMail(to: string, timeoutMs = 10_000): Promise<CaughtMail> {
  const start = Date.now();
  for (;;) {
    const files = fs.existsSync(E2E.mailDir) ? fs.readdirSync(E2E.mailDir).sort().reverse() : [];
    for (const f of files) {
      const mail = JSON.parse(fs.readFileSync(path.join(E2E.mailDir, f), "utf8")) as CaughtMail;
      if (mail.to.includes(to)) return mail;
    }
    if (Date.now() - start > timeoutMs) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** axe-core on the current screen: no serious or critical violations. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** Saves a screenshot of the screen for people to look at (screenshots/<project>/<name>.png). */
export async function snap(page: Page, name: string) {
  const project = test.info().project.name;
  await page.screenshot({ path: path.resolve(import.meta.dirname, "../../screenshots", project, `${name}.png`), fullPage: true });
}

/** Another person's phone or computer: a fresh context in the spec's zone, at the project's width, with its own address. */
export async function newPage(browser: Browser, timezoneId = "America/New_York") {
  const context = await browser.newContext({
    timezoneId,
    extraHTTPHeaders: { "x-forwarded-for": randomIp() },
    viewport: test.info().project.use.viewport ?? undefined,
  });
  return context.newPage();
}
