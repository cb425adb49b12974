import { createUser, expect, expectAccessible, readMail, snap, test } from "./support/fixtures.ts";

test("a user who forgot their password resets it from the e-mailed link, and the link works only once", async ({ page, browser }) => {
  const setupContext = await browser.newContext();
  const user = await createUser(await setupContext.newPage(), { name: "Forgetful Fran" });
  await setupContext.close();

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page);
  await snap(page, "forgot-password");
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Sign In" })).toBeVisible();
  await snap(page, "check-your-email");

  const mail = await readMail(user.email);
  const link = /https?:\/\/\S+oobCode=\S+/.exec(mail.text)?.[0];
  expect(link).toContain("/__/auth/action?mode=resetPassword&oobCode=");

  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
  await expect(page.getByText(`Choose a new password for ${user.email}.`)).toBeVisible();
  await expectAccessible(page);
  await snap(page, "reset-form");
  await page.getByLabel("New password", { exact: true }).fill("brand-new-1");
  await page.getByLabel("Confirm new password").fill("brand-new-2");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByLabel("Confirm new password").fill("short");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("alert")).toHaveText("Password must be at least 6 characters");
  await page.getByLabel("New password", { exact: true }).fill("brand-new-1");
  await page.getByLabel("Confirm new password").fill("brand-new-1");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("heading", { name: "Password Reset Successful!" })).toBeVisible();
  await expect(page.getByText("Redirecting you to sign in...")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In Now" })).toBeVisible();
  await snap(page, "reset-done");
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill("brand-new-1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`/regimen/${user.id}$`));
  await page.context().clearCookies();

  // The same link again: used up.
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("This password reset link is invalid or has expired");
  await snap(page, "reset-invalid");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Request New Link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  await page.goto("/__/auth/action?mode=resetPassword");
  await expect(page.getByRole("alert")).toHaveText("Invalid or missing reset code");
});

test("forgot-password answers 'Check Your Email' for an address with no account", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill("nobody-at-all@example.test");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
});

test.describe("with the server unreachable", () => {
  // page.route does not see requests that pass through a service worker.
  test.use({ serviceWorkers: "block" });

  test("a reset link opened while the server cannot be reached says so, not 'Invalid Reset Link'", async ({ page, consoleErrors }) => {
    await page.route("**/api/password-reset/**", (route) => route.abort("internetdisconnected"));
    await page.goto("/__/auth/action?mode=resetPassword&oobCode=not-a-real-code");
    await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText("Cannot reach the server. Check your connection and try again.");
    await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toHaveCount(0);
    await snap(page, "reset-unreachable");

    // Back online, the link is checked again and the server's answer shows.
    await page.unroute("**/api/password-reset/**");
    await page.getByRole("button", { name: "Try Again" }).click();
    await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
    // The browser logs the refused request it was told to drop: that is this story, not a fault.
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes("net::ERR_INTERNET_DISCONNECTED")));
  });
});
