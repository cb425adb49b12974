import { expect, expectAccessible, snap, test } from "./support/fixtures.ts";

test("a signed-out visitor sees the sign-in prompt, and every guarded screen sends them to sign in", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("Sign in to track your medications")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "home-signed-out");

  for (const guarded of ["/profile", "/profile/someone", "/edit-medication", "/shared-access", "/regimen/someone"]) {
    await page.goto(guarded);
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  }

  await page.goto("/no/such/screen");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Sign in to track your medications")).toBeVisible();

  await page.getByRole("main").getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/login$/);
});
