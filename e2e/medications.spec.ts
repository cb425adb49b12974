import { createUser, expect, expectAccessible, snap, test } from "./support/fixtures.ts";
import { card, expectCountdown, freezeAt, morningTwoDaysAgo, storedLogs } from "./support/regimen.ts";

test.use({ timezoneId: "America/New_York" });

test("a user creates a fixed-schedule medication, is asked before taking it early, then edits and deletes it", async ({ page }) => {
  const user = await createUser(page, { name: "Fran Fixed" });
  await page.goto("/profile");
  await page.getByRole("link", { name: "+ Create a custom medication" }).click();
  await expect(page.getByRole("heading", { name: "New Medication" })).toBeVisible();

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Pill label is required")).toBeVisible();
  await page.getByLabel("Doses per day").fill("0");
  await expect(page.getByText("Doses per day must be between 1 and 24")).toBeVisible();
  await page.getByLabel("Maximum interval (minutes)").fill("100");
  await expect(page.getByText("Maximum interval cannot be shorter than the recommended interval")).toBeVisible();
  await expectAccessible(page);
  await snap(page, "edit-medication-errors");

  await page.getByLabel("Name").fill("Sinemet CR");
  await page.getByLabel("Time 1").fill("12:00");
  await page.getByRole("button", { name: "+ Add a time" }).click();
  await page.getByLabel("Time 2").fill("18:00");
  await page.getByLabel("Doses per day").fill("2");
  await page.getByLabel("Maximum interval (minutes)").fill("720");
  await page.getByLabel("Pill label").fill("Sinemet");
  await expect(page.getByRole("region", { name: "Today's schedule" }).getByRole("listitem")).toHaveText(["12:00 PM", "6:00 PM"]);
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page).toHaveURL(/\/profile\//);
  await expect(page.getByRole("switch", { name: /Sinemet/ })).toBeChecked();

  // At 8:00 AM the 12:00 dose is four hours away: the early-dose question comes first.
  await freezeAt(page, morningTwoDaysAgo());
  await page.goto("/");
  await expect(page.getByRole("article")).toHaveCount(2);
  await expect(page.getByRole("article").first()).toHaveAccessibleName("Carbidopa-levodopa"); // sorted by name
  await expectCountdown(page, "Sinemet", ["NEXT AT", "12:00 PM", "04:00:00"]);
  const button = card(page, "Sinemet").getByRole("button", { name: "I TOOK MY SINEMET" });
  const dialog = page.getByRole("dialog");
  await button.click();
  await expect(dialog.getByRole("heading")).toHaveText("Is this your Next dose, scheduled for 12:00 PM?");
  await expect(dialog).toContainText("You're taking this medication earlier than scheduled. Make sure this is the correct dose.");
  await snap(page, "early-dose");
  await dialog.getByRole("button", { name: "CANCEL" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("No doses logged yet today.")).toBeVisible();

  await button.click();
  await dialog.getByRole("button", { name: "YES, CONFIRM" }).click();
  await expect(dialog.getByRole("heading")).toHaveText("I took my Sinemet at 8:00 AM");
  await dialog.getByRole("button", { name: "CONFIRM" }).click();
  await expect(page.getByRole("region", { name: "Today's Medications:" }).getByRole("listitem")).toHaveText(["8:00 AMSinemet"]);
  // The 8:00 dose was an early 12:00 dose: next is 6:00 PM.
  await expectCountdown(page, "Sinemet", ["NEXT AT", "6:00 PM", "10:00:00"]);
  // The dose shows while it is sent: the page is left once the server has it.
  await expect.poll(async () => (await storedLogs(page, user.id)).map((l) => l.medicationName)).toEqual(["Sinemet CR"]);

  await page.goto("/profile");
  await page.getByRole("link", { name: "Edit Sinemet CR" }).click();
  await expect(page.getByRole("heading", { name: "Edit Medication" })).toBeVisible();
  await page.getByLabel("Name").fill("Rytary");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("link", { name: "Edit Rytary" })).toBeVisible();

  await page.getByRole("link", { name: "Edit Rytary" }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(dialog.getByRole("heading")).toHaveText("Delete Rytary? Its past doses stay in the history.");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/profile\//);
  await expect(page.getByRole("link", { name: "Edit Rytary" })).toHaveCount(0);
});

test("a user switches medications on and off on the profile, and the built-in stays when the list would be empty", async ({ page }) => {
  const user = await createUser(page, { name: "Tom Toggle" });
  const origin = new URL((await page.goto("/"))!.url()).origin;
  const created = await page.request.post(`/api/accounts/${user.id}/custom-medications`, {
    headers: { origin },
    data: {
      name: "Amantadine",
      scheduleType: "flexible",
      timingRules: { minInterval: 60, maxInterval: 720, recommendedInterval: 480, dailyFrequency: 2 },
      displayConfig: { pillLabel: "Amantadine", timingLabel: "Next" },
    },
  });
  expect(created.status()).toBe(201);

  await page.goto("/profile");
  const levodopa = page.getByRole("switch", { name: /Carbidopa-levodopa/ });
  const amantadine = page.getByRole("switch", { name: /Amantadine/ });
  await expect(levodopa).toBeChecked();
  await expect(amantadine).toBeChecked();
  await expectAccessible(page);
  await snap(page, "profile-medications");

  // The switches move at once and the server's answer follows: the next screen is opened once it has it.
  const tracked = async () =>
    ((await (await page.request.get(`/api/accounts/${user.id}/medications`)).json()) as Array<{ id: string }>).map((m) => m.id);
  const amantadineId = ((await created.json()) as { id: string }).id;
  await levodopa.uncheck();
  await expect(levodopa).not.toBeChecked();
  await expect.poll(tracked).toEqual([amantadineId]);
  await page.goto("/");
  await expect(page.getByRole("article")).toHaveText([/Amantadine/]);

  await page.goto("/profile");
  await amantadine.uncheck();
  // Nothing left: the built-in comes back (SPEC §4).
  await expect(levodopa).toBeChecked();
  await expect(amantadine).not.toBeChecked();
  await expect.poll(tracked).toEqual(["carbidopa-levodopa"]);

  await page.getByLabel("Time zone").selectOption("Europe/London");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved");
  await page.goto("/");
  await expect(page.getByText("Times are shown in Europe/London.")).toBeVisible();
});

test("the regimen's screens and dialogs pass an accessibility scan", async ({ page }) => {
  await createUser(page, { name: "Axe Person" });
  await page.goto("/");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expectAccessible(page);
  await page.getByRole("button", { name: "I TOOK MY CARBIDOPA-LEVODOPA" }).click();
  await expectAccessible(page);
  if (test.info().project.name === "phone") {
    await page.getByRole("button", { name: "Change time" }).click();
    await expectAccessible(page);
    await snap(page, "wheel-picker");
  }
  await page.getByRole("button", { name: "CONFIRM" }).click();
  await page.getByRole("button", { name: "Undo Last" }).click();
  await expectAccessible(page);
  await snap(page, "undo-last");
});

test("a user keeps a medication away from dairy and asks to be reminded to eat first; the edit screen shows both again", async ({ page }) => {
  const user = await createUser(page, { name: "Dana Dairy" });
  await page.goto("/profile");
  await page.getByRole("link", { name: "+ Create a custom medication" }).click();
  await expect(page.getByRole("heading", { name: "New Medication" })).toBeVisible();
  await page.getByLabel("Name").fill("Levothyroxine");
  await page.getByLabel("Pill label").fill("Levo");
  await page.getByLabel("Keep away from").selectOption("no_dairy");
  await page.getByLabel("Minutes after a dose").fill("240");
  await page.getByLabel("Take it with food").check();
  await page.getByLabel("Remind me to eat first").check();
  await expect(page.getByLabel("Minutes before the dose")).toHaveValue("30");
  await page.getByLabel("Minutes before the dose").fill("20");
  await snap(page, "edit-medication-food");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/profile\//);

  await page.getByRole("link", { name: "Edit Levothyroxine" }).click();
  await expect(page.getByRole("heading", { name: "Edit Medication" })).toBeVisible();
  await expect(page.getByLabel("Keep away from")).toHaveValue("no_dairy");
  await expect(page.getByLabel("Minutes after a dose")).toHaveValue("240");
  await expect(page.getByLabel("Remind me to eat first")).toBeChecked();
  await expect(page.getByLabel("Minutes before the dose")).toHaveValue("20");
  // Switched off, the reminder and the restriction leave nothing behind.
  await page.getByLabel("Remind me to eat first").uncheck();
  await expect(page.getByLabel("Minutes before the dose")).toHaveCount(0);
  await page.getByLabel("Keep away from").selectOption("none");
  await expect(page.getByLabel("Minutes after a dose")).toHaveCount(0);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/profile\//);
  const [saved] = (await (await page.request.get(`/api/accounts/${user.id}/custom-medications`)).json()) as Array<Record<string, unknown>>;
  expect(saved).toMatchObject({ foodRestriction: null, foodRequirement: { enabled: true, reminder_enabled: false } });
  expect(saved!.foodRequirement).not.toHaveProperty("remind_minutes_before");
});
