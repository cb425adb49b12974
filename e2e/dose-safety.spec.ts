import type { Page } from "@playwright/test";
import { E2E } from "./support/env.ts";
import { createUser, expect, expectAccessible, newPage, snap, test } from "./support/fixtures.ts";
import { card, expectCountdown, freezeAt, liveEventsOpen, morningTwoDaysAgo, storedLogs } from "./support/regimen.ts";

// DESIGN §12 in the browser: the double-dose guard between two phones, and skipped doses.
test.use({ timezoneId: "America/New_York" });

const origin = E2E.baseUrl;
const LEVODOPA = "Carbidopa-levodopa";

/** Margaret's account on `page`, shared (by an accepted invitation, over the API) with each of `carers`. */
async function household(page: Page, carers: Array<{ page: Page; name: string }>) {
  const owner = await createUser(page, { name: "Margaret" });
  for (const carer of carers) {
    const user = await createUser(carer.page, { name: carer.name });
    const invited = await page.request.post(`/api/accounts/${owner.id}/invitations`, { data: { email: user.email }, headers: { origin } });
    const { id } = (await invited.json()) as { id: string };
    expect((await carer.page.request.post(`/api/invitations/${id}/accept`, { headers: { origin } })).status()).toBe(200);
  }
  return owner;
}

async function logCount(page: Page, ownerId: string): Promise<number> {
  return (await storedLogs(page, ownerId)).length;
}

test("Carl's page, open since before Anna's 9:02 dose, asks before he gives another: CANCEL stores nothing, LOG ANOTHER stores it", async ({
  page,
  browser,
}) => {
  const anna = await newPage(browser);
  const carl = await newPage(browser);
  const owner = await household(page, [
    { page: anna, name: "Anna" },
    { page: carl, name: "Carl" },
  ]);
  const nine = new Date(morningTwoDaysAgo().getTime() + 60 * 60_000); // 9:00 AM in New York
  const at = (minutes: number) => new Date(nine.getTime() + minutes * 60_000);

  // Carl's page is stale: no live events, and its clock stands still, so it never refreshes on its own.
  await carl.route("**/events", (route) => route.fulfill({ status: 200, contentType: "text/event-stream", body: "" }));
  await freezeAt(carl, at(10));
  await carl.goto(`/regimen/${owner.id}`);
  await expectCountdown(carl, LEVODOPA, ["READY FOR FIRST DOSE"]);

  // Anna gives the 9:02 dose from her phone.
  const given = await anna.request.post(`/api/accounts/${owner.id}/pill-logs`, { data: { timestamp: at(2).toISOString() }, headers: { origin } });
  expect(given.status()).toBe(201);
  await expectCountdown(carl, LEVODOPA, ["READY FOR FIRST DOSE"]);

  const dialog = carl.getByRole("dialog");
  const giveDose = async () => {
    await card(carl, LEVODOPA).getByRole("button", { name: "I GAVE MARGARET CARBIDOPA-LEVODOPA" }).click();
    await expect(dialog.getByRole("heading")).toHaveText("I gave Margaret Carbidopa-levodopa at 9:10 AM");
    await dialog.getByRole("button", { name: "CONFIRM" }).click();
    await expect(dialog.getByRole("heading")).toHaveText("Already logged by Anna at 9:02 AM. Log another dose anyway?");
  };
  await giveDose();
  await snap(carl, "dose-already-logged");
  await dialog.getByRole("button", { name: "CANCEL" }).click();
  await expect(dialog).toBeHidden();
  expect(await logCount(page, owner.id)).toBe(1);
  // The answer refreshed the stale page: Anna's dose is listed now.
  await expect(carl.getByRole("region", { name: "Today's Medications:" }).getByRole("listitem")).toHaveText([
    "9:02 AMCarbidopa-levodopaLogged by Anna",
  ]);

  await giveDose();
  await dialog.getByRole("button", { name: "LOG ANOTHER" }).click();
  await expect(dialog).toBeHidden();
  // The dialog closes at once (the dose counts on the page while it is sent, DESIGN §10); the row follows.
  await expect.poll(() => logCount(page, owner.id)).toBe(2);
  await expect(carl.getByRole("region", { name: "Today's Medications:" }).getByRole("listitem")).toHaveText([
    "9:10 AMCarbidopa-levodopaLogged by Carl",
    "9:02 AMCarbidopa-levodopaLogged by Anna",
  ]);
  await anna.context().close();
  await carl.context().close();
});

test("Carl skips a dose with its reason; Margaret's list shows 'Skipped (Side effects)' by Carl, a dose after it asks first, and Undo Last removes it", async ({
  page,
  browser,
}) => {
  const carl = await newPage(browser);
  const owner = await household(page, [{ page: carl, name: "Carl" }]);
  const live = liveEventsOpen(page, owner.id);
  await page.goto("/");
  await expect(page.getByText("No doses logged yet today.")).toBeVisible();
  await live;
  await carl.goto(`/regimen/${owner.id}`);

  const dialog = carl.getByRole("dialog");
  await card(carl, LEVODOPA).getByRole("button", { name: "Skip this dose" }).click();
  await expect(dialog.getByRole("heading")).toHaveText(/^Skip this dose of Carbidopa-levodopa \(\d{1,2}:\d\d [AP]M\)\?$/);
  await expect(dialog.getByRole("radio")).toHaveCount(5);
  // No reason chosen: asked for one, nothing stored.
  await dialog.getByRole("button", { name: "SKIP DOSE" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please choose why the dose is skipped");
  // 'Other' asks for the person's own words; left empty, it is no reason either.
  await dialog.getByRole("radio", { name: "Other" }).check();
  await expect(dialog.getByRole("textbox", { name: "Other reason" })).toBeFocused();
  await dialog.getByRole("button", { name: "SKIP DOSE" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please choose why the dose is skipped");
  await dialog.getByRole("radio", { name: "Side effects" }).check();
  await expect(dialog.getByRole("textbox", { name: "Other reason" })).toHaveCount(0);
  await expectAccessible(carl);
  await snap(carl, "skip-dialog");
  await dialog.getByRole("button", { name: "SKIP DOSE" }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => logCount(page, owner.id)).toBe(1);

  // Margaret's open page shows the skip, live, with who skipped it; the skip starts no protein restriction.
  const today = page.getByRole("region", { name: "Today's Medications:" });
  await expect(today.getByRole("listitem")).toHaveText([/^\d{1,2}:\d\d [AP]MCarbidopa-levodopaSkipped \(Side effects\)Skipped by Carl$/], {
    timeout: 5000,
  });
  await expect(page.getByRole("region", { name: "What you can eat" })).toHaveText(/You can eat anything/);
  await expect(card(page, LEVODOPA).getByTestId("countdown")).toHaveText(/^NEXT AT/);
  await expectAccessible(page);
  await snap(page, "skipped-row");

  // Margaret then takes a dose: the page asks, naming Carl's skip; CANCEL stores nothing.
  await card(page, LEVODOPA).getByRole("button", { name: "I TOOK MY CARBIDOPA-LEVODOPA" }).click();
  const own = page.getByRole("dialog");
  await own.getByRole("button", { name: "CONFIRM" }).click();
  await expect(own.getByRole("heading")).toHaveText(/^Already skipped by Carl at \d{1,2}:\d\d [AP]M \(Side effects\)\. Log another dose anyway\?$/);
  await expectAccessible(page);
  await snap(page, "dose-after-skip");
  await own.getByRole("button", { name: "CANCEL" }).click();
  await expect(own).toBeHidden();
  expect(await logCount(page, owner.id)).toBe(1);

  await page.getByRole("button", { name: "Undo Last" }).click();
  await own.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("No doses logged yet today.")).toBeVisible();
  await expect.poll(() => logCount(page, owner.id)).toBe(0);
  await carl.context().close();
});
