import type { Browser, Page } from "@playwright/test";
import { addLocalDays, atLocalTime, localDateOf } from "../src/domain/zoned-time.ts";
import { E2E } from "./support/env.ts";
import { createUser, expect, expectAccessible, randomIp, snap, test } from "./support/fixtures.ts";
import { card, expectCountdown, freezeAt } from "./support/regimen.ts";

// DESIGN §12 in the browser: a caregiver turns on missed-dose alerts from the owner's page, and a skip from the card
// takes the dose the card shows (docs/decisions/023).
test.use({ timezoneId: "America/New_York" });

const origin = E2E.baseUrl;
const zone = "America/New_York";

async function newPage(browser: Browser) {
  const context = await browser.newContext({
    timezoneId: zone,
    extraHTTPHeaders: { "x-forwarded-for": randomIp() },
    viewport: test.info().project.use.viewport ?? undefined,
  });
  return context.newPage();
}

/** Margaret's account on `page`, shared (by an accepted invitation, over the API) with `carer`. */
async function household(page: Page, carer: { page: Page; name: string }) {
  const owner = await createUser(page, { name: "Margaret" });
  const user = await createUser(carer.page, { name: carer.name });
  const invited = await page.request.post(`/api/accounts/${owner.id}/invitations`, { data: { email: user.email }, headers: { origin } });
  const { id } = (await invited.json()) as { id: string };
  expect((await carer.page.request.post(`/api/invitations/${id}/accept`, { headers: { origin } })).status()).toBe(200);
  return owner;
}

test("a caregiver turns on 'Alert me when Margaret misses a dose' with a 1-hour delay on Margaret's page, and it is still on after a reload", async ({
  page,
  browser,
}) => {
  const anna = await newPage(browser);
  const owner = await household(page, { page: anna, name: "Anna" });
  await anna.goto(`/regimen/${owner.id}`);
  const banner = anna.getByRole("note");
  const toggle = banner.getByRole("checkbox", { name: "Alert me when Margaret misses a dose" });
  await expect(toggle).not.toBeChecked();
  await expect(banner.getByRole("status")).toHaveText("Off");
  await toggle.check();
  await expect(banner.getByRole("status")).toHaveText(
    "On: you get a notification (or an e-mail) when a dose is not logged 30 minutes after its time.",
  );
  await banner.getByLabel("Alert me after").selectOption({ label: "1 hour" });
  await expect(banner.getByRole("status")).toHaveText("On: you get a notification (or an e-mail) when a dose is not logged 1 hour after its time.");
  await expectAccessible(anna);
  await snap(anna, "missed-dose-alert-on");

  // The switch and the delay show each change at once; the reload waits until the server has the last one.
  await expect
    .poll(async () => (await anna.request.get(`/api/accounts/${owner.id}/missed-dose-alert`)).json())
    .toEqual({ enabled: true, delayMinutes: 60 });
  await anna.reload();
  await expect(toggle).toBeChecked();
  await expect(banner.getByLabel("Alert me after")).toHaveValue("60");

  // Margaret's own page has no such switch: the alert is the caregiver's.
  await page.goto(`/regimen/${owner.id}`);
  await expect(page.getByRole("heading", { name: "Your medications" })).toBeAttached();
  await expect(page.getByRole("checkbox", { name: /misses a dose/ })).toHaveCount(0);

  await toggle.uncheck();
  await expect(banner.getByRole("status")).toHaveText("Off");
  // The switch shows the change at once; the DELETE lands a moment later.
  await expect
    .poll(async () => (await anna.request.get(`/api/accounts/${owner.id}/missed-dose-alert`)).json())
    .toEqual({ enabled: false, delayMinutes: 30 });
  await anna.context().close();
});

test("08:00 taken, 'Skip this dose' at 08:10 skips the 12:00 dose and the card moves on to 4:00 PM", async ({ page }) => {
  const owner = await createUser(page, { name: "Margaret" });
  const api = (method: "post" | "put", path: string, data: unknown) =>
    page.request[method](`/api/accounts/${owner.id}${path}`, { data, headers: { origin } });
  const med = await api("post", "/custom-medications", {
    name: "Sinemet",
    scheduleType: "fixed",
    fixedTimes: ["08:00", "12:00", "16:00"],
    timingRules: { minInterval: 120, maxInterval: 720, recommendedInterval: 240, dailyFrequency: 3 },
    displayConfig: { pillLabel: "Sinemet", timingLabel: "Next" },
  });
  const medicationId = ((await med.json()) as { id: string }).id;
  expect((await api("put", "/medications", { medicationIds: [medicationId] })).status()).toBe(200);
  // Two days ago, so that every time of that day is in the server's past.
  const day = addLocalDays(localDateOf(new Date(), zone), -2);
  expect((await api("post", "/pill-logs", { timestamp: atLocalTime(day, "08:00", zone).toISOString(), medicationId })).status()).toBe(201);

  await freezeAt(page, atLocalTime(day, "08:10", zone));
  await page.goto(`/regimen/${owner.id}`);
  await expectCountdown(page, "Sinemet", ["NEXT AT", "12:00 PM", "03:50:00"]);
  await card(page, "Sinemet").getByRole("button", { name: "Skip this dose" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toHaveText("Skip this dose of Sinemet (12:00 PM)?");
  await dialog.getByRole("radio", { name: "Doctor advised" }).check();
  await dialog.getByRole("button", { name: "SKIP DOSE" }).click();
  await expect(dialog).toBeHidden();
  await expectCountdown(page, "Sinemet", ["NEXT AT", "4:00 PM", "07:50:00"]);
  await expect(page.getByRole("region", { name: "Today's Medications:" }).getByRole("listitem")).toHaveText([
    "12:00 PMSinemetSkipped (Doctor advised)",
    "8:00 AMSinemet",
  ]);
  // The skip shows at once (it counts on the page while it is sent, DESIGN §10); the row follows.
  const stored = async () =>
    ((await (await page.request.get(`/api/accounts/${owner.id}/pill-logs`)).json()) as Array<{ timestamp: string; status: string }>).map((l) => [
      l.timestamp,
      l.status,
    ]);
  await expect.poll(stored).toEqual([
    [atLocalTime(day, "12:00", zone).toISOString(), "skipped"],
    [atLocalTime(day, "08:00", zone).toISOString(), "taken"],
  ]);
  await snap(page, "skip-takes-the-next-dose");
});
