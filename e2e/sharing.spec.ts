import { E2E } from "./support/env.ts";
import { createUser, expect, expectAccessible, newPage, snap, test, uniqueEmail } from "./support/fixtures.ts";
import { liveEventsOpen, storedLogs } from "./support/regimen.ts";

test.use({ timezoneId: "America/New_York" });

test("an owner invites a carer, who signs up from the link, accepts and gives a dose; the owner sees 'Logged by', then revokes", async ({
  page,
  browser,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E.baseUrl });
  const owner = await createUser(page, { name: "Mary Ann Smith" });
  const carerEmail = uniqueEmail("carer");

  await page.goto("/profile");
  await page.getByRole("link", { name: "Shared Access" }).click();
  await expect(page.getByText("No shared access yet")).toBeVisible();
  await page.getByRole("button", { name: "+ Invite Someone" }).click();
  await expect(page.getByRole("heading", { name: "Send Invitation" })).toBeVisible();
  const send = page.getByRole("button", { name: "Send Invite" });
  const error = page.getByRole("alert");
  await send.click();
  await expect(error).toHaveText("Please enter an email address");
  await page.getByLabel("Email").fill("not an email");
  await send.click();
  await expect(error).toHaveText("Please enter a valid email address");
  await page.getByLabel("Email").fill(owner.email.toUpperCase());
  await send.click();
  await expect(error).toHaveText("You cannot share access with yourself");
  await expectAccessible(page);
  await snap(page, "invite-form");

  await page.getByLabel("Email").fill(carerEmail);
  await send.click();
  await expect(page.getByRole("heading", { name: "✓ Invitation Created!" })).toBeVisible();
  const mailto = await page.getByRole("link", { name: "Share via Email" }).first().getAttribute("href");
  const subject = new URL(mailto!).searchParams.get("subject");
  expect(subject).toContain("Mary Ann Smith");
  expect(subject).toContain("Dosetime");
  const link = /https?:\/\/\S+\/invite\/[\w-]+/.exec(new URL(mailto!).searchParams.get("body")!)![0];
  await page.getByRole("button", { name: "Copy Link" }).first().click();
  await expect(page.getByText("Invitation link copied to clipboard!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await snap(page, "invitation-created");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("region", { name: "Pending Invitations" })).toContainText(carerEmail);
  await page.getByRole("button", { name: "+ Invite Someone" }).click();
  await page.getByLabel("Email").fill(carerEmail);
  await send.click();
  await expect(error).toHaveText("An invitation has already been sent to this email");
  await page.getByRole("button", { name: "Cancel", exact: true }).first().click();

  // The carer, in another browser, signs up from the link.
  const carer = await newPage(browser);
  await carer.goto(link);
  await expect(carer.getByText("Please sign in or create an account to accept this invitation")).toBeVisible();
  await expectAccessible(carer);
  await carer.getByRole("button", { name: "Don't have an account? Sign up" }).click();
  await carer.getByLabel("Full name").fill("Carl Carer");
  await carer.getByLabel("Email").fill(carerEmail);
  await carer.getByLabel("Password", { exact: true }).fill("carer-pass-1");
  await carer.getByLabel("Confirm password").fill("carer-pass-1");
  await carer.getByRole("button", { name: "Create Account" }).click();
  await expect(carer).toHaveURL(link);
  await expect(carer.getByText(`(${owner.email}) invited you`)).toBeVisible();
  await expect(carer.getByText("Mary Ann Smith", { exact: true })).toBeVisible();
  await expect(carer.getByText(`Signed in as ${carerEmail}`)).toBeVisible();
  await expectAccessible(carer);
  await snap(carer, "invitation");
  await carer.getByRole("button", { name: "Accept Invitation" }).click();
  // One look at the whole message: it is on screen for two seconds only (SPEC §9), however slow the checks.
  await expect(carer.getByRole("status").filter({ has: carer.getByRole("heading", { name: "Invitation Accepted!" }) })).toHaveText(
    "Invitation Accepted!You now have access to Mary Ann Smith's pill logs.Redirecting...",
  );
  await expect(carer).toHaveURL(new RegExp(`/regimen/${owner.id}$`));

  await expect(carer.getByText("👁️ Viewing Mary Ann Smith's medications")).toBeVisible();
  await expect(carer.getByText("You can log medications on their behalf")).toBeVisible();
  // The owner has their regimen open, its live events connected, while the carer gives a dose.
  const ownerLive = liveEventsOpen(page, owner.id);
  await page.goto("/");
  await expect(page.getByText("No doses logged yet today.")).toBeVisible();
  await ownerLive;
  await carer.getByRole("button", { name: "I GAVE MARY CARBIDOPA-LEVODOPA" }).click();
  await expect(carer.getByRole("dialog").getByRole("heading")).toHaveText(/^I gave Mary Carbidopa-levodopa at \d{1,2}:\d\d [AP]M$/);
  await carer.getByRole("dialog").getByRole("button", { name: "CONFIRM" }).click();
  await expect(carer.getByRole("region", { name: "Today's Medications:" }).getByRole("listitem")).toHaveCount(1);
  // The list shows the dose while it is sent; the carer's page is left below only once the server has it.
  await expect.poll(async () => (await storedLogs(carer, owner.id)).map((l) => l.loggedByName)).toEqual(["Carl Carer"]);
  await expectAccessible(carer);
  await snap(carer, "viewing-owner");

  // The switcher: own account and back, and on the profile path it stays on profiles (read-only for a carer).
  const switcher = carer.getByRole("combobox", { name: "Account" });
  await switcher.selectOption({ label: "Your Account" });
  await expect(carer).toHaveURL(/\/regimen\/(?!.*\bundefined\b)[\w-]+$/);
  await expect(carer.getByText("👁️ Viewing")).toHaveCount(0);
  await carer.goto("/profile");
  await switcher.selectOption({ label: "Mary Ann Smith" });
  await expect(carer).toHaveURL(new RegExp(`/profile/${owner.id}$`));
  await expect(carer.getByText("Only Mary Ann Smith can change these settings.")).toBeVisible();
  await expect(carer.getByRole("switch")).toHaveCount(0);

  // The owner's open page shows who gave the dose, live (well before the 30-second refresh).
  await expect(page.getByRole("region", { name: "Today's Medications:" })).toContainText("Logged by Carl Carer", { timeout: 5000 });
  await snap(page, "logged-by");
  await page.goto("/shared-access");
  const people = page.getByRole("region", { name: "People With Access" });
  await expect(people).toContainText("Carl Carer");
  await expect(people).toContainText(carerEmail);
  await expect(people).toContainText(/Since /);
  await page.getByRole("button", { name: "+ Invite Someone" }).click();
  await page.getByLabel("Email").fill(carerEmail);
  await send.click();
  await expect(error).toHaveText("This user already has access to your account");
  await expectAccessible(page);
  await snap(page, "shared-access");

  const carerLive = liveEventsOpen(carer, owner.id);
  await carer.goto(`/regimen/${owner.id}`);
  await expect(carer.getByText("👁️ Viewing Mary Ann Smith's medications")).toBeVisible();
  await carerLive;
  await people.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByRole("dialog").getByRole("heading")).toHaveText(
    "Are you sure you want to revoke access? This user will no longer be able to view or log your pills.",
  );
  await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("No shared access yet")).toBeVisible();

  // The carer's open page leaves the owner's regimen at once, and so does their next load.
  await expect(carer).not.toHaveURL(new RegExp(`/regimen/${owner.id}$`), { timeout: 5000 });
  await expect(carer.getByText("👁️ Viewing")).toHaveCount(0);
  await carer.goto(`/regimen/${owner.id}`);
  await expect(carer).not.toHaveURL(new RegExp(`/regimen/${owner.id}$`));
  await carer.goto(link);
  await expect(carer.getByRole("heading", { name: "Invalid Invitation" })).toBeVisible();
  await expect(carer.getByRole("alert")).toHaveText("This invitation has already been accepted");
  await carer.context().close();
});

test("an invitation opened by the wrong account is refused, the invited person rejects it, and the owner cancels another", async ({
  page,
  browser,
}) => {
  const owner = await createUser(page, { name: "Owen Owner" });
  const invited = await newPage(browser);
  const invitedUser = await createUser(invited, { name: "Ivy Invited" });
  const origin = E2E.baseUrl;
  const invite = async (email: string) =>
    ((await (await page.request.post(`/api/accounts/${owner.id}/invitations`, { data: { email }, headers: { origin } })).json()) as { id: string })
      .id;
  const forIvy = await invite(invitedUser.email);
  await invite("someone-else@example.test");

  const stranger = await newPage(browser);
  await createUser(stranger, { name: "Sam Stranger" });
  await stranger.goto(`/invite/${forIvy}`);
  await expect(stranger.getByRole("heading", { name: "Invalid Invitation" })).toBeVisible();
  await expect(stranger.getByRole("alert")).toHaveText("This invitation was not sent to your email address");
  await expectAccessible(stranger);
  await snap(stranger, "invitation-invalid");
  await stranger.context().close();

  await invited.goto(`/invite/${forIvy}`);
  await invited.getByRole("button", { name: "Reject" }).click();
  await expect(invited.getByRole("dialog").getByRole("heading")).toHaveText("Are you sure you want to reject this invitation?");
  await invited.getByRole("dialog").getByRole("button", { name: "Reject" }).click();
  await expect(invited).toHaveURL(new RegExp(`/regimen/${invitedUser.id}$`));
  await invited.goto(`/invite/${forIvy}`);
  await expect(invited.getByRole("alert")).toHaveText("This invitation has been rejected");
  await invited.context().close();

  await page.goto("/shared-access");
  const pending = page.getByRole("region", { name: "Pending Invitations" });
  await expect(pending).toContainText("someone-else@example.test");
  await expect(pending).not.toContainText(invitedUser.email);
  await pending.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog").getByRole("heading")).toHaveText("Are you sure you want to cancel this invitation?");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel Invitation" }).click();
  await expect(pending).toContainText("No invitations waiting.");
});
