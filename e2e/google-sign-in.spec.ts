import { E2E } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";

test("a Google user signs in through the popup and gets an account named after their Google profile", async ({ page }) => {
  await page.goto("/login");
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  const popup = await popupOpened;
  await popup.waitForEvent("close");
  await expect(page).toHaveURL(/\/regimen\/[\w-]+$/);
  await expect(page.getByRole("link", { name: `Profile of ${E2E.google.name}` })).toHaveText("GB");
});

test("when the browser blocks the popup, Google sign-in goes through the whole page instead", async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/regimen\/[\w-]+$/);
  await expect(page.getByRole("link", { name: `Profile of ${E2E.google.name}` })).toBeVisible();
});
