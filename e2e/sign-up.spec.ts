import { expect, expectAccessible, snap, test, uniqueEmail } from "./support/fixtures.ts";

test("a new user sees every sign-up message, then creates an account and lands on their regimen with their initials", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await expectAccessible(page);
  await snap(page, "login");
  await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
  await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();

  const submit = page.getByRole("button", { name: "Create Account" });
  const error = page.getByRole("alert");
  await submit.click();
  await expect(error).toHaveText("Email and password are required");

  await page.getByLabel("Email").fill(uniqueEmail("newbie"));
  await page.getByLabel("Password", { exact: true }).fill("secret1");
  await page.getByLabel("Confirm password").fill("secret2");
  await submit.click();
  await expect(error).toHaveText("Passwords do not match");

  await page.getByLabel("Password", { exact: true }).fill("12345");
  await page.getByLabel("Confirm password").fill("12345");
  await submit.click();
  await expect(error).toHaveText("Password must be at least 6 characters");

  await page.getByLabel("Password", { exact: true }).fill("secret1");
  await page.getByLabel("Confirm password").fill("secret1");
  await page.getByLabel("Full name").fill("   ");
  await submit.click();
  await expect(error).toHaveText("Name is required");
  await expectAccessible(page);
  await snap(page, "sign-up-error");

  await page.getByLabel("Full name").fill("ada mae lovelace");
  // Hold the answer back a moment so the busy state can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/auth/sign-up/email", async (route) => {
    await held;
    await route.continue();
  });
  await submit.click();
  await expect(page.getByRole("button", { name: "Please wait..." })).toBeDisabled();
  release();

  await expect(page).toHaveURL(/\/regimen\/[\w-]+$/);
  await expect(page.getByRole("link", { name: "Profile of ada mae lovelace" })).toHaveText("AM");
  // A new account tracks the built-in medication (SPEC §4).
  await expect(page.getByRole("article", { name: "Carbidopa-levodopa" })).toContainText("READY FOR FIRST DOSE");
  await expectAccessible(page);
  await snap(page, "regimen-empty");
});
