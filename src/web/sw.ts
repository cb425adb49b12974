// The service worker (DESIGN §10), built by vite-plugin-pwa (injectManifest) into dist/web/sw.js. It precaches the
// built shell and answers every navigation with index.html, so the app opens with no network. It never caches
// /api: the page keeps its own data (TanStack Query's persister), and a stale API answer must never pass for a
// fresh one. It also shows the reminders pushed by the server and acts on their buttons (DESIGN §11).
import type { PrecacheEntry } from "workbox-precaching";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

// NOTE: the minimal shape of ServiceWorkerGlobalScope used here; the "webworker" lib would clash with the DOM lib
// the rest of src/web is checked against.
type WindowClient = { url: string; focus(): Promise<WindowClient>; navigate(url: string): Promise<WindowClient | null> };
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type PushEvent = ExtendableEvent & { data: { json(): unknown; text(): string } | null };
type NotificationClickEvent = ExtendableEvent & { action: string; notification: Notification };
type WorkerScope = {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  registration: { showNotification(title: string, options: NotificationOptions & Record<string, unknown>): Promise<void> };
  clients: {
    matchAll(o: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "message", listener: (event: MessageEvent<unknown>) => void): void;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationClickEvent) => void): void;
};
declare const self: WorkerScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: [/^\/api\//, /^\/healthz$/, /^\/readyz$/] }));

// A new version waits until the person presses Reload ("A new version is ready"): never a half-updated page.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

/** What the server pushes (src/server/push.ts PushPayload); every field but the texts is optional here. */
type Payload = {
  title?: string;
  body?: string;
  tag?: string;
  url?: string;
  actions?: Array<{ action: string; title: string }>;
  taken?: { url: string; body: Record<string, unknown> };
  snooze?: { url: string; body: Record<string, unknown> };
  /** A caregiver's missed-dose alert (DESIGN §12): where "I am on it" answers. */
  onIt?: { url: string };
};

/** The data a shown notification keeps for its buttons and its tap. */
type NotificationData = Pick<Payload, "url" | "taken" | "snooze" | "onIt">;

function readPayload(event: PushEvent): Payload {
  try {
    return (event.data?.json() ?? {}) as Payload;
  } catch {
    return { body: event.data?.text() ?? "" };
  }
}

/** Chrome shows "This site has been updated in the background" when a push shows nothing, so every push shows one. */
function showReminder(payload: Payload): Promise<void> {
  const data: NotificationData = { url: payload.url, taken: payload.taken, snooze: payload.snooze, onIt: payload.onIt };
  return self.registration.showNotification(payload.title || "Dosetime", {
    body: payload.body ?? "",
    // One notification per dose: the follow-up replaces the dose-due one, and still rings.
    tag: payload.tag,
    renotify: Boolean(payload.tag),
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data,
    actions: payload.actions ?? [],
  });
}

/** A write the server accepts from our own origin: the worker's fetch carries our Origin and the session cookie. */
function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: "POST", credentials: "same-origin", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

/** When a button's request fails, the same dose's notification says why, and a tap opens the app. */
async function reportFailure(notification: Notification, res: Response | null, what: string): Promise<void> {
  const answer = res ? ((await res.json().catch(() => null)) as { error?: string } | null) : null;
  const data = notification.data as NotificationData;
  await self.registration.showNotification("Dosetime", {
    body: answer?.error ?? `${what} did not reach the server. Open Dosetime to try again.`,
    tag: notification.tag || undefined,
    icon: "/icons/icon-192.png",
    data: { url: data.url },
  });
}

/** "Taken": logs the dose at the tap's time. The id is the dose's own, so a second tap (or device) adds nothing. */
async function takeDose(notification: Notification): Promise<void> {
  const { taken } = notification.data as NotificationData;
  if (!taken) return;
  const res = await post(taken.url, { ...taken.body, timestamp: new Date().toISOString() }).catch(() => null);
  if (res?.ok) notification.close();
  else await reportFailure(notification, res, "Taken");
}

/** "Snooze 10 min": the server sends this reminder again in 10 minutes, unless the dose is logged first. */
async function snoozeReminder(notification: Notification): Promise<void> {
  const { snooze } = notification.data as NotificationData;
  if (!snooze) return;
  const res = await post(snooze.url, snooze.body).catch(() => null);
  if (res?.ok) notification.close();
  else await reportFailure(notification, res, "Snooze");
}

/**
 * "I am on it" on a caregiver's missed-dose alert (DESIGN §12): the server replaces the other caregivers' alert with
 * "{name} is on it". Nothing to send when the notification carries no alert.
 */
async function answerOnIt(notification: Notification): Promise<void> {
  const { onIt } = notification.data as NotificationData;
  if (!onIt?.url.startsWith("/api/me/alerts/")) return;
  const res = await post(onIt.url, {}).catch(() => null);
  if (res?.ok) notification.close();
  else await reportFailure(notification, res, "I am on it");
}

/** A tap on the notification: the app's open window on that regimen comes forward, else a new one opens there. */
async function openReminder(notification: Notification): Promise<void> {
  notification.close();
  const url = new URL((notification.data as NotificationData | null)?.url ?? "/", self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const same = windows.find((w) => w.url === url);
  if (same) {
    await same.focus();
    return;
  }
  const mine = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (mine) await (await mine.navigate(url))?.focus();
  else await self.clients.openWindow(url);
}

/** Each notification button's work, by its action name; an empty action is a tap on the notification itself. */
const onNotificationAction: Record<string, (notification: Notification) => Promise<void>> = {
  taken: takeDose,
  snooze: snoozeReminder,
  "on-it": answerOnIt,
  "": openReminder,
};

/**
 * Keeps the worker alive until `work` ends. `waitUntil` throws InvalidStateError on an event a test dispatched
 * itself (recipes/web-push.md); the work still runs then.
 */
function keepAlive(event: ExtendableEvent, work: Promise<unknown>): void {
  try {
    event.waitUntil(work);
  } catch {
    // an untrusted (synthetic) event: nothing to extend
  }
}

self.addEventListener("push", (event) => keepAlive(event, showReminder(readPayload(event))));

self.addEventListener("notificationclick", (event) => {
  const handler = onNotificationAction[event.action] ?? openReminder;
  keepAlive(event, handler(event.notification));
});
