import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page, type Worker } from "@playwright/test";
import { localTimeOf } from "../src/domain/zoned-time.ts";
import { startNotificationCenter, type NotificationCenter } from "../test/notification-center.ts";
import { startPushService, type PushService } from "../test/push-service.ts";
import { chromiumLaunchOptions, E2E } from "./support/env.ts";
import { createUser, expect, expectAccessible, snap, test } from "./support/fixtures.ts";

// DESIGN §11, the browser's half. Headless Chromium has no push service, so `pushManager.subscribe()` is refused
// (recipes/web-push.md): the test registers a real local push service's subscription through the API, the server's
// scheduler sends the real reminder to it, and the test hands that exact payload to our service worker over CDP.
test.use({ timezoneId: "America/New_York" });

const ZONE = "America/New_York";
const CHROME_ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const origin = E2E.baseUrl;

type Payload = { title: string; body: string; tag: string; url: string; key: string; taken: { body: { id: string } }; snooze: { url: string } };
type Shown = { title: string; body: string; tag: string; actions: string[] };
// The few service-worker globals used inside the worker (the "webworker" lib would clash with the DOM lib).
type Scope = {
  registration: { getNotifications(o?: { tag: string }): Promise<Array<Notification & { actions?: Array<{ title: string }> }>> };
  dispatchEvent(e: Event): boolean;
};
type NotificationEventCtor = new (type: string, init: { notification: Notification; action: string }) => Event;

let push: PushService;
test.beforeEach(async () => {
  push = await startPushService();
});
test.afterEach(async () => {
  await push.close();
});

/**
 * Hands `payload` to the app's service worker as a push, the way a push service would (with no page open), and
 * waits until the worker shows it. NOTE: headless Chromium sometimes drops the display of a push delivered within
 * moments of closing a notification with the same tag (the close lands after the new one), so an unshown push is
 * delivered again, as a push service's next message would be.
 */
async function deliverPush(context: BrowserContext, payload: { tag: string; body: string; [more: string]: unknown }) {
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  const shown = async () => (await notifications(context)).some((n) => n.tag === payload.tag && n.body === payload.body);
  await expect(async () => {
    await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: await registrationId, data: JSON.stringify(payload) });
    await expect.poll(shown, { timeout: 2000 }).toBe(true);
  }).toPass();
  await cdp.detach();
  await blank.close();
}

const worker = (context: BrowserContext): Worker => {
  const [sw] = context.serviceWorkers();
  if (!sw) throw new Error("no service worker");
  return sw;
};

/** The notifications the service worker shows now, as a person sees them. */
const notifications = (context: BrowserContext) =>
  worker(context).evaluate(async () =>
    (await (self as unknown as Scope).registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      actions: (n.actions ?? []).map((a) => a.title),
    })),
  ) as Promise<Shown[]>;

/** A press on one of the notification's buttons, through the worker's own notificationclick handler. */
const press = (context: BrowserContext, tag: string, action: string) =>
  worker(context).evaluate(
    async ({ tag, action }) => {
      const scope = self as unknown as Scope;
      const NotificationEvent = (self as unknown as { NotificationEvent: NotificationEventCtor }).NotificationEvent;
      const [notification] = await scope.registration.getNotifications({ tag });
      if (!notification) throw new Error(`no notification ${tag}`);
      scope.dispatchEvent(new NotificationEvent("notificationclick", { notification, action }));
    },
    { tag, action },
  );

/** One medication, due a minute ago in the owner's zone, as the only one tracked: its dose-due reminder is due now. */
async function medicationDueNow(page: Page, userId: string): Promise<string> {
  const med = await page.request.post(`/api/accounts/${userId}/custom-medications`, {
    headers: { origin },
    data: {
      name: "Zonisamide",
      scheduleType: "fixed",
      fixedTimes: [localTimeOf(new Date(Date.now() - 60_000), ZONE)],
      timingRules: { minInterval: 60, maxInterval: 720, recommendedInterval: 480, dailyFrequency: 1 },
      displayConfig: { pillLabel: "Zonisamide", timingLabel: "Next" },
    },
  });
  expect(med.status()).toBe(201);
  const medicationId = ((await med.json()) as { id: string }).id;
  expect(
    (await page.request.put(`/api/accounts/${userId}/medications`, { headers: { origin }, data: { medicationIds: [medicationId] } })).status(),
  ).toBe(200);
  return medicationId;
}

/** The device a real browser would register: the local push service's subscription, through the API. */
async function registerPushServiceDevice(page: Page) {
  const { publicKey } = (await (await page.request.get("/api/push/public-key")).json()) as { publicKey: string };
  const sub = await push.subscribe(publicKey);
  const registered = await page.request.post("/api/me/devices", {
    headers: { origin, "user-agent": CHROME_ANDROID },
    data: { endpoint: sub.endpoint, keys: sub.keys },
  });
  expect(registered.status()).toBe(201);
  return sub;
}

/** The scheduler's real dose-due reminder for Zonisamide, as the push service decrypted it. */
async function dueReminder(clientHash: string): Promise<Payload> {
  const find = () => push.messages<Payload>(clientHash).find((m) => m.body.startsWith("Time for your Zonisamide"));
  await expect.poll(find).toBeTruthy();
  return find()!;
}

test("reminders reach this device: the profile lists it, a push shows the dose, Snooze and Taken work from the notification", async ({
  page,
  context,
  consoleErrors,
}) => {
  await context.grantPermissions(["notifications"], { origin });
  const user = await createUser(page, { name: "Rita Reminder" });
  // Due a minute ago: the scheduler sends its dose-due reminder as soon as a device is registered.
  const medicationId = await medicationDueNow(page, user.id);

  await page.goto(`/profile/${user.id}`);
  const section = page.getByRole("region", { name: "Reminders" });
  await expect(section.getByText("No device gets reminders yet.")).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  // The button asks the browser (granted here), but headless Chromium refuses the subscription: a clear message.
  await section.getByRole("button", { name: "Turn on reminders on this device" }).click();
  await expect(section.getByRole("alert")).toContainText("This browser could not turn on notifications");
  // Chromium's own log line for that refusal (no push service headless): expected here, and nothing else may be.
  const rest = consoleErrors.filter((e) => !e.startsWith("Chrome currently does not support the Push API in incognito mode"));
  consoleErrors.splice(0, consoleErrors.length, ...rest);

  const sub = await registerPushServiceDevice(page);

  await page.reload();
  const device = section.getByRole("listitem").filter({ hasText: "Chrome on Android" });
  await expect(device).toContainText(/Added on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await device.getByRole("button", { name: "Send a test" }).click();
  await expect(device.getByRole("status")).toHaveText("Test sent. It should arrive in a few seconds.");
  await expect.poll(() => push.messages<Payload>(sub.clientHash).map((m) => m.body)).toContain("Reminders are on for this device");

  const doseDue = section.getByRole("switch", { name: /When a dose is due/ });
  await expect(doseDue).toBeChecked();
  await section.getByRole("switch", { name: /E-mail me reminders/ }).check();
  await expect(section.getByRole("switch", { name: /E-mail me reminders/ })).toBeChecked();
  await expect.poll(async () => (await page.request.get("/api/me/reminder-settings")).json()).toMatchObject({ doseDue: true, emailFallback: true });

  await expectAccessible(page);
  await section.scrollIntoViewIfNeeded();
  await snap(page, "profile-reminders");
  await section.screenshot({ path: path.resolve(import.meta.dirname, "../screenshots", test.info().project.name, "profile-reminders-section.png") });

  const reminder = await dueReminder(sub.clientHash);

  // With every app page closed, the push reaches the service worker, which shows it.
  await page.close();
  await deliverPush(context, reminder);
  await expect
    .poll(() => notifications(context))
    .toEqual([{ title: "Dosetime", body: reminder.body, tag: reminder.tag, actions: ["Taken", "Snooze 10 min"] }]);

  // Snooze 10 min: the server accepts it and the notification goes away.
  await press(context, reminder.tag, "snooze");
  await expect.poll(() => notifications(context)).toEqual([]);
  // A refused snooze (a reminder the server does not know) says so in the notification instead.
  await deliverPush(context, {
    ...reminder,
    snooze: { ...reminder.snooze, url: `/api/me/reminders/${encodeURIComponent(`${user.id}:x:2026-01-01T00:00:00.000Z:dose-due`)}/snooze` },
  });
  await press(context, reminder.tag, "snooze");
  await expect.poll(async () => (await notifications(context)).map((n) => n.body)).toEqual(["Reminder not found"]);

  // Taken logs the dose without opening the app; Taken again (the follow-up's notification) adds nothing.
  const logs = async () => {
    const res = await context.request.get(`/api/accounts/${user.id}/pill-logs?medicationId=${medicationId}`);
    return ((await res.json()) as Array<{ id: string }>).map((l) => l.id);
  };
  await deliverPush(context, reminder);
  await press(context, reminder.tag, "taken");
  await expect.poll(() => notifications(context)).toEqual([]);
  expect(await logs()).toEqual([reminder.taken.body.id]);
  await deliverPush(context, reminder);
  await press(context, reminder.tag, "taken");
  await expect.poll(() => notifications(context)).toEqual([]);
  expect(await logs()).toEqual([reminder.taken.body.id]);

  // Remove takes the device off the list.
  const again = await context.newPage();
  await again.goto(`/profile/${user.id}`);
  const list = again.getByRole("region", { name: "Reminders" });
  await list.getByRole("listitem").filter({ hasText: "Chrome on Android" }).getByRole("button", { name: "Remove" }).click();
  await expect(list.getByText("No device gets reminders yet.")).toBeVisible();
  await expect.poll(async () => (await again.request.get("/api/me/devices")).json()).toEqual([]);
});

/**
 * A browser whose notifications go to a desktop notification service that the test can click as a person would
 * (test/notification-center.ts): only such a click lets the service worker open a window. NOTE: its context is a
 * persistent (not incognito) profile, because Chromium routes a desktop notification's click back to its profile,
 * and finds no incognito one. Like `consoleErrors`, it fails the test on a console error in any of its pages.
 */
const withDesktopNotifications = test.extend<{ notificationCenter: NotificationCenter; profile: BrowserContext }>({
  notificationCenter: async ({}, use) => {
    const center = await startNotificationCenter();
    await use(center);
    await center.close();
  },
  profile: async ({ notificationCenter, viewport, timezoneId, extraHTTPHeaders, isMobile, hasTouch, userAgent }, use) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dosetime-profile-"));
    const profile = await chromium.launchPersistentContext(dir, {
      ...chromiumLaunchOptions,
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: notificationCenter.address },
      baseURL: origin,
      ...{ viewport, timezoneId, extraHTTPHeaders, isMobile, hasTouch, userAgent },
    });
    const errors: string[] = [];
    const watch = (p: Page) => {
      p.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
      p.on("pageerror", (e) => errors.push(e.message));
    };
    profile.pages().forEach(watch);
    profile.on("page", watch);
    await use(profile);
    await profile.close();
    fs.rmSync(dir, { recursive: true, force: true });
    expect(errors, "console errors").toEqual([]);
  },
});

withDesktopNotifications("a tap on a reminder opens that regimen, with no page of the app open", async ({ profile, notificationCenter }) => {
  const page = profile.pages()[0] ?? (await profile.newPage());
  await profile.grantPermissions(["notifications"], { origin });
  const user = await createUser(page, { name: "Tess Tapper" });
  await medicationDueNow(page, user.id);
  const reminder = await dueReminder((await registerPushServiceDevice(page)).clientHash);

  // The app is opened once (its service worker installs), then every page is closed; the push comes.
  await page.goto(`/profile/${user.id}`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.close();
  await deliverPush(profile, reminder);
  const shown = notificationCenter.shown.findLast((n) => n.body.includes(reminder.body));
  expect(shown, "the notification on the desktop").toMatchObject({
    summary: "Dosetime",
    actions: expect.arrayContaining(["Taken", "Snooze 10 min"]),
  });

  // A tap on the notification itself, not on a button: the app opens on that regimen, and the notification goes.
  const opening = profile.waitForEvent("page");
  notificationCenter.click(shown!.id);
  const regimen = await opening;
  await expect(regimen).toHaveURL(`${origin}/regimen/${user.id}`);
  await expect(regimen.getByRole("heading", { level: 1, name: "Your medications" })).toBeAttached();
  await expect(regimen.getByRole("heading", { level: 2, name: "Zonisamide" })).toBeVisible();
  expect(profile.pages()).toEqual([regimen]);
  await expect.poll(() => notifications(profile)).toEqual([]);
});

test("the profile explains a browser that refuses notifications or has no Web Push, and never asks on page load", async ({ page }) => {
  const user = await createUser(page, { name: "Nora Nopush" });
  await page.goto(`/profile/${user.id}`);
  const section = page.getByRole("region", { name: "Reminders" });
  await expect(section.getByText("No device gets reminders yet.")).toBeVisible();
  expect(await page.evaluate(() => Notification.permission)).toBe("default");

  // Permission not granted (headless Chromium answers the prompt with "denied").
  await section.getByRole("button", { name: "Turn on reminders on this device" }).click();
  await expect(section.getByRole("alert")).toHaveText(
    "Notifications are blocked for Dosetime in this browser. Allow them in the browser's site settings, then press the button again.",
  );
  expect(await (await page.request.get("/api/me/devices")).json()).toEqual([]);

  // A browser with no Push API (Safari on an iPhone outside the Home Screen): a note instead of the button.
  await page.addInitScript(() => delete (window as { PushManager?: unknown }).PushManager);
  await page.reload();
  await expect(section).toContainText("This browser cannot show notifications. On an iPhone or iPad, add Dosetime to your Home Screen");
  await expect(section.getByRole("button", { name: "Turn on reminders on this device" })).toHaveCount(0);
  await expect(section.getByRole("switch", { name: /E-mail me reminders/ })).toBeVisible();
});
