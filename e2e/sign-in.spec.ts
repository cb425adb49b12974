import { createUser, expect, expectAccessible, snap, test } from "./support/fixtures.ts";

test("a user signs in after a wrong password, is kept out of the sign-in screens and other accounts, and signs out", async ({ page, browser }) => {
  // Two accounts, made in another browser: mine, and someone else's.
  const setup = await browser.newContext();
  const other = await createUser(await setup.newPage(), { name: "Other Person" });
  const me = await createUser(await setup.newPage(), { name: "Sam Sign" });
  await setup.close();

  await page.goto("/login");
  await page.getByLabel("Email").fill(me.email);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await snap(page, "login-wrong-password");

  await page.getByLabel("Password").fill(me.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`/regimen/${me.id}$`));
  await expect(page.getByRole("link", { name: "Profile of Sam Sign" })).toHaveText("SS");

  for (const signedOutOnly of ["/login", "/forgot-password"]) {
    await page.goto(signedOutOnly);
    await expect(page).toHaveURL(new RegExp(`/regimen/${me.id}$`));
  }

  // Someone else's regimen sends me to my own.
  await page.goto(`/regimen/${other.id}`);
  await expect(page).toHaveURL(new RegExp(`/regimen/${me.id}$`));

  await page.goto("/profile");
  await expect(page).toHaveURL(new RegExp(`/profile/${me.id}$`));
  await expect(page.getByRole("heading", { name: "Sam Sign" })).toBeVisible();
  await expect(page.getByText(me.email)).toBeVisible();
  await expectAccessible(page);
  await snap(page, "profile");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Sign in to track your medications")).toBeVisible();
  await page.goto(`/profile/${me.id}`);
  await expect(page).toHaveURL(/\/login/);
});
