import type { Page } from "@playwright/test";
import { expect, expectAccessible, snap, test, uniqueEmail } from "./support/fixtures.ts";
import { allowUnreachable, startOwnServer, type OwnServer } from "./support/own-server.ts";
import { card, keptOnDevice } from "./support/regimen.ts";

// DESIGN §10. "Offline" is the server stopped: Playwright's setOffline does not reach the service worker's
// fetches. Each test runs its own server (its own port and DATA_DIR) so that it can stop and start it again.
test.use({ timezoneId: "America/New_York" });
test.describe.configure({ timeout: 120_000 });

const LEVODOPA = "Carbidopa-levodopa";

let app: OwnServer;
test.beforeEach(async () => {
  app = await startOwnServer();
});
test.afterEach(async ({ context, consoleErrors }) => {
  for (const p of context.pages()) await p.close(); // before the server stops: its live-event streams end cleanly
  allowUnreachable(consoleErrors);
  await app.stop();
});

async function signUp(page: Page, name: string): Promise<{ id: string; email: string }> {
  const email = uniqueEmail("offline");
  const res = await page.request.post(`${app.base}/api/auth/sign-up/email`, {
    data: { name, email, password: "secret-pass-1", timeZone: "America/New_York" },
    headers: { origin: app.base },
  });
  expect(res.status()).toBe(200);
  return { id: ((await res.json()) as { user: { id: string } }).user.id, email };
}

async function logsOnServer(page: Page, userId: string): Promise<Array<{ id: string; timestamp: string }>> {
  const since = new Date(Date.now() - 2 * 86_400_000).toISOString();
  const res = await page.request.get(`${app.base}/api/accounts/${userId}/pill-logs?since=${encodeURIComponent(since)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Array<{ id: string; timestamp: string }>;
}

/** The regimen is on screen, kept on the device, and the service worker is ready to serve the app offline. */
async function openRegimenOnline(page: Page, userId: string) {
  await page.goto(`${app.base}/regimen/${userId}`);
  await expect(card(page, LEVODOPA)).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => keptOnDevice(page)).toContain(LEVODOPA);
}

async function logDose(page: Page) {
  await card(page, LEVODOPA).getByRole("button", { name: "I TOOK MY CARBIDOPA-LEVODOPA" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "CONFIRM" }).click();
  await expect(dialog).toBeHidden();
}

/** A new user's dose logged with the server stopped, waiting to sync. */
async function doseWaiting(page: Page, name: string) {
  const user = await signUp(page, name);
  await openRegimenOnline(page, user.id);
  await app.stop();
  await page.reload();
  await logDose(page);
  await expect(page.getByText("1 dose waiting to sync")).toBeVisible();
  return user;
}

const todaysList = (page: Page) => page.getByRole("region", { name: "Today's Medications:" }).getByRole("listitem");

test("the app installs: its manifest and icons are served, and a reload is controlled by the service worker", async ({ page }) => {
  const user = await signUp(page, "Ines Install");
  await page.goto(`${app.base}/`);
  await expect(page).toHaveURL(new RegExp(`/regimen/${user.id}$`));

  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  const manifest = (await (await page.request.get(`${app.base}${href}`)).json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: Array<{ src: string; sizes: string; purpose?: string }>;
  };
  expect(manifest).toMatchObject({ name: "Dosetime", short_name: "Dosetime", start_url: "/", display: "standalone", theme_color: "#1d4ed8" });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? "any"}`).sort()).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  for (const icon of manifest.icons) {
    const res = await page.request.get(`${app.base}${icon.src}`);
    expect(res.headers()["content-type"]).toBe("image/png");
  }

  expect(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.scriptURL))).toBe(`${app.base}/sw.js`);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${app.base}/sw.js`);
  await expect(card(page, LEVODOPA)).toBeVisible();
});

test("with the server stopped, a reload shows the last-known regimen: the card ticking, the food banner, today's list and how old it is", async ({
  page,
}) => {
  const user = await signUp(page, "Olga Offline");
  const taken = new Date(Date.now() - 30 * 60_000).toISOString();
  const res = await page.request.post(`${app.base}/api/accounts/${user.id}/pill-logs`, {
    data: { timestamp: taken, medicationId: "carbidopa-levodopa" },
    headers: { origin: app.base },
  });
  expect(res.status()).toBe(201);
  await openRegimenOnline(page, user.id);
  await expect(page.getByText("Offline")).toHaveCount(0);

  await app.stop();
  await page.reload();
  const countdown = card(page, LEVODOPA).getByTestId("countdown");
  await expect(countdown).toContainText("NEXT AT");
  const first = await countdown.textContent();
  await expect.poll(() => countdown.textContent()).not.toBe(first); // it ticks
  await expect(page.getByRole("region", { name: "What you can eat" })).toContainText("PROTEIN");
  await expect(todaysList(page)).toHaveCount(1);
  await expect(page.getByRole("status").filter({ hasText: "Offline" })).toHaveText(/^Offline · data from \d{1,2}:\d{2} [AP]M$/);
  await snap(page, "offline-regimen");
  await expectAccessible(page);
});

test("a dose logged with the server stopped counts at once, waits through a reload and a second tab, and the server then holds exactly one row", async ({
  page,
  context,
}) => {
  const user = await signUp(page, "Wanda Waiting");
  await openRegimenOnline(page, user.id);
  await app.stop();
  await page.reload();
  await expect(card(page, LEVODOPA).getByTestId("countdown")).toContainText("READY FOR FIRST DOSE");

  await logDose(page);
  // The dose counts at once: the card moves on, today's list has it, marked as waiting.
  await expect(card(page, LEVODOPA).getByTestId("countdown")).toContainText("NEXT AT");
  await expect(todaysList(page)).toHaveCount(1);
  await expect(todaysList(page)).toContainText("Waiting to sync");
  await expect(page.getByText("1 dose waiting to sync")).toBeVisible();
  await snap(page, "offline-dose-waiting");
  await expectAccessible(page);

  // Still waiting after a reload, and in a second tab opened meanwhile: each will send it.
  await expect.poll(() => keptOnDevice(page)).toContain('"isPaused":true');
  await page.reload();
  await expect(page.getByText("1 dose waiting to sync")).toBeVisible();
  const second = await context.newPage();
  await second.goto(`${app.base}/regimen/${user.id}`);
  await expect(second.getByText("1 dose waiting to sync")).toBeVisible();

  await app.start();
  for (const tab of [page, second]) {
    await expect(tab.getByText("1 dose waiting to sync")).toBeHidden({ timeout: 30_000 });
    await expect(tab.getByText("Offline")).toHaveCount(0);
    await expect(todaysList(tab)).toHaveCount(1);
  }
  // "Waiting to sync" goes as a dose is sent, before the server answers: the count is polled.
  await expect.poll(async () => (await logsOnServer(page, user.id)).length).toBe(1);
});

test("Undo Last on a dose still waiting takes it out of the queue: nothing reaches the server", async ({ page }) => {
  const user = await doseWaiting(page, "Uma Undo");

  await page.getByRole("button", { name: "Undo Last" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(todaysList(page)).toHaveCount(0);
  await expect(page.getByText("1 dose waiting to sync")).toBeHidden();
  await expect(card(page, LEVODOPA).getByTestId("countdown")).toContainText("READY FOR FIRST DOSE");

  await app.start();
  await expect(page.getByText("Offline")).toHaveCount(0, { timeout: 30_000 });
  await page.reload();
  await expect(card(page, LEVODOPA).getByTestId("countdown")).toContainText("READY FOR FIRST DOSE");
  expect(await logsOnServer(page, user.id)).toHaveLength(0);
});

test("a dose that waited offline and finds one already logged when it is sent asks first: CANCEL stores nothing", async ({ page, context }) => {
  const user = await doseWaiting(page, "Rita Replay");
  await expect.poll(() => keptOnDevice(page)).toContain('"isPaused":true');
  await page.close(); // the app is closed while the dose waits

  // Meanwhile another device logs the same dose.
  await app.start();
  const other = await context.request.post(`${app.base}/api/accounts/${user.id}/pill-logs`, {
    data: { timestamp: new Date().toISOString(), medicationId: "carbidopa-levodopa" },
    headers: { origin: app.base },
  });
  expect(other.status()).toBe(201);
  const otherId = ((await other.json()) as { id: string }).id;

  // The app opens again and sends the waiting dose: the server refuses it, and the card asks rather than drop it.
  const reopened = await context.newPage();
  await reopened.goto(`${app.base}/regimen/${user.id}`);
  const question = reopened.getByRole("dialog");
  await expect(question.getByRole("heading")).toHaveText(/^Already logged by Rita Replay at \d{1,2}:\d{2} [AP]M\. Log another dose anyway\?$/);
  await expect(question.getByRole("button", { name: "LOG ANOTHER" })).toBeVisible();
  await snap(reopened, "offline-dose-already-logged");
  await expectAccessible(reopened);

  await question.getByRole("button", { name: "CANCEL" }).click();
  await expect(question).toBeHidden();
  await expect(todaysList(reopened)).toHaveCount(1);
  await expect(reopened.getByText("waiting to sync")).toHaveCount(0);
  expect((await logsOnServer(reopened, user.id)).map((l) => l.id)).toEqual([otherId]);
  await reopened.reload();
  await expect(reopened.getByRole("dialog")).toHaveCount(0);
});

test.describe("when the first answer is lost", () => {
  // page.route does not see requests that pass through a service worker.
  test.use({ serviceWorkers: "block" });

  test("the dose is sent again with its id and the server holds exactly one row", async ({ page }) => {
    const user = await signUp(page, "Lorna Lost");
    await page.goto(`${app.base}/regimen/${user.id}`);
    await expect(card(page, LEVODOPA)).toBeVisible();
    let posts = 0;
    await page.route(
      (url) => url.pathname.endsWith("/pill-logs"),
      async (route) => {
        if (route.request().method() !== "POST" || ++posts > 1) return route.continue();
        await route.fetch(); // the server saves the dose…
        await route.abort(); // …and its answer never arrives
      },
    );
    // The aborted first send has no answer: the first answer is the second send's.
    const resent = page.waitForResponse((res) => res.request().method() === "POST" && new URL(res.url()).pathname.endsWith("/pill-logs"));
    await logDose(page);
    await expect(todaysList(page)).toHaveCount(1);
    // Sent again (the same id), answered this time: 200, the row the first send stored (a new row would be 201).
    await expect.poll(() => posts, { timeout: 30_000 }).toBe(2);
    expect((await resent).status()).toBe(200);
    await expect(todaysList(page)).toHaveCount(1);
    await expect(todaysList(page)).not.toContainText("Waiting to sync");
    await expect(page.getByRole("alert")).toHaveCount(0);
    expect(await logsOnServer(page, user.id)).toHaveLength(1);
  });
});

test("after signing out, the app opened with the server stopped shows nothing of the previous user", async ({ page }) => {
  const user = await signUp(page, "Sam Shared-Phone");
  await openRegimenOnline(page, user.id);
  await page.goto(`${app.base}/profile/${user.id}`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Take every dose on time" })).toBeVisible();
  // Kept now: only that nobody is signed in.
  await expect.poll(() => keptOnDevice(page)).toContain('"queryKey":["me"]');
  expect(await keptOnDevice(page)).not.toContain(user.id);

  await app.stop();
  await page.goto(`${app.base}/regimen/${user.id}`);
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await expect(page.getByText(LEVODOPA)).toHaveCount(0);
  await expect(page.getByText("Sam Shared-Phone")).toHaveCount(0);
  expect(await keptOnDevice(page)).not.toContain(user.id);
  await snap(page, "offline-signed-out");
  await expectAccessible(page);
});
