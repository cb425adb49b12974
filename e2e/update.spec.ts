import path from "node:path";
import type { Page } from "@playwright/test";
import { E2E } from "./support/env.ts";
import { expect, snap, test, uniqueEmail } from "./support/fixtures.ts";
import { buildNextVersion } from "./support/next-version.ts";
import { allowUnreachable, startOwnServer, type OwnServer } from "./support/own-server.ts";
import { card } from "./support/regimen.ts";

// DESIGN §10: a new version waits for the person: "A new version is ready" with Reload, never a half-updated page.
// The new version is a real second build, deployed by restarting the test's own server from it.
test.use({ timezoneId: "America/New_York" });
test.describe.configure({ timeout: 180_000 });

let app: OwnServer;
test.beforeEach(async () => {
  app = await startOwnServer();
});
test.afterEach(async ({ context, consoleErrors }) => {
  for (const p of context.pages()) await p.close();
  allowUnreachable(consoleErrors); // the restart cuts the live-event stream
  await app.stop();
});

/** The entry script index.html names: which version the page is. */
const entryScript = (page: Page) => page.evaluate(() => new URL(document.querySelector<HTMLScriptElement>('script[type="module"]')!.src).pathname);

/** Every script of the app's the page has loaded. */
const loadedScripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.startsWith("/assets/") && p.endsWith(".js")),
  );

/**
 * A new user's regimen, open with its service worker ready; then the next version (built into `dir`) is deployed:
 * the server has only its files now. `first`: the entry script the page opened with.
 */
async function openThenDeploy(page: Page, dir: string, name: string) {
  const next = buildNextVersion(path.join(E2E.runDir, `${dir}-${test.info().project.name}`));
  const res = await page.request.post(`${app.base}/api/auth/sign-up/email`, {
    data: { name, email: uniqueEmail("update"), password: "secret-pass-1", timeZone: "America/New_York" },
    headers: { origin: app.base },
  });
  const userId = ((await res.json()) as { user: { id: string } }).user.id;
  await page.goto(`${app.base}/regimen/${userId}`);
  await expect(card(page, "Carbidopa-levodopa")).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const first = await entryScript(page);
  expect(first).not.toBe(next.entry);
  await app.stop();
  await app.start(next.root);
  return { next, first };
}

const updatePrompt = (page: Page) => page.getByRole("status").filter({ hasText: "A new version is ready" });

test("a new version: the open app says 'A new version is ready', works on as the version it is, and Reload brings the new one whole", async ({
  page,
}) => {
  const { next, first } = await openThenDeploy(page, "next-version", "Uma Update");
  // The person opens the app again: it opens as it was, and the browser finds the new version, which waits.
  await page.reload();
  await expect(card(page, "Carbidopa-levodopa")).toBeVisible();
  const prompt = updatePrompt(page);
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await expect(prompt.getByRole("button", { name: "Reload" })).toBeVisible();
  await snap(page, "update-ready");

  // Until Reload, the page is wholly the version it opened with: a screen it had not shown yet comes from its own
  // files (the server no longer has them), not the new version's.
  await page.getByRole("link", { name: "History and reports" }).click();
  await expect(page.getByRole("heading", { name: "Your history" })).toBeVisible();
  expect(await entryScript(page)).toBe(first);
  expect((await loadedScripts(page)).filter((s) => next.scripts.has(s))).toEqual([]);
  await expect(prompt).toBeVisible();

  // Reload: the new version, whole, on the same screen; nothing waits any more.
  const reloaded = page.waitForEvent("framenavigated", { timeout: 30_000 });
  await prompt.getByRole("button", { name: "Reload" }).click();
  await reloaded;
  await expect(page.getByRole("heading", { name: "Your history" })).toBeVisible();
  expect(await entryScript(page)).toBe(next.entry);
  const scripts = await loadedScripts(page);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => !next.scripts.has(s))).toEqual([]);
  await expect(page.getByText("A new version is ready")).toBeHidden();
});

// An app kept open for days never reloads: it looks for a new version itself (lib/service-worker.ts).
test.describe("an app kept open", () => {
  test("finds a new version within the hour, without a reload", async ({ page }) => {
    await page.clock.install();
    await openThenDeploy(page, "next-version-hourly", "Hal Hourly");
    await page.clock.fastForward("01:00:00");
    await expect(updatePrompt(page)).toBeVisible({ timeout: 30_000 });
  });

  test("finds a new version when it is shown again after an hour in the background", async ({ page }) => {
    await page.clock.install();
    await openThenDeploy(page, "next-version-shown", "Vera Visible");
    // An hour in the background: a phone runs no timers for a page it does not show, only the clock moves.
    await page.clock.setSystemTime(new Date(Date.now() + 61 * 60_000));
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect(updatePrompt(page)).toBeVisible({ timeout: 30_000 });
  });
});
