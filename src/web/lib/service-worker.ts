/// <reference types="vite-plugin-pwa/vanillajs" />
import { useSyncExternalStore } from "react";

// DESIGN §10: the service worker (src/web/sw.ts) is registered after the page has loaded, and a new version waits
// for the person: "A new version is ready" with Reload, which activates it and reloads once it controls the page.

let applyUpdate: ((reloadPage?: boolean) => Promise<void>) | null = null;
let updateReady = false;
const listeners = new Set<() => void>();

/** After the load event: long enough for the first screen's own requests to be answered, on a slow phone too. */
const REGISTER_AFTER_LOAD_MS = 3000;
/** How often an app kept open looks for a new version (the browser itself looks only when a page is opened). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * A phone keeps the app open for days, in the background most of the time: it looks for a new version every hour
 * while open, and when it is shown again after an hour or more. The browser compares the service worker's script;
 * a new one waits (onNeedRefresh). Offline, the check fails quietly and the next one tries again.
 */
function checkForUpdatesWhileOpen(registration: ServiceWorkerRegistration): void {
  let lastCheck = Date.now();
  const check = () => {
    lastCheck = Date.now();
    registration.update().catch(() => undefined);
  };
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && Date.now() - lastCheck >= UPDATE_CHECK_MS) check();
  });
}

/**
 * Registers the service worker a few seconds after the page has loaded, at an idle moment: its code loads on
 * demand then, and neither it nor its precache downloads compete with the first screen's requests and paint
 * (DESIGN §9, LCP). Nothing is lost by waiting: a first visit is online, and the next open is served by it.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const register = () =>
    void import("virtual:pwa-register").then(({ registerSW }) => {
      applyUpdate = registerSW({
        immediate: true,
        onNeedRefresh() {
          updateReady = true;
          listeners.forEach((l) => l());
        },
        onRegisteredSW(_url, registration) {
          if (registration) checkForUpdatesWhileOpen(registration);
        },
      });
    });
  const whenIdle = () => (typeof requestIdleCallback === "function" ? requestIdleCallback(register, { timeout: 3000 }) : register());
  const afterLoad = () => setTimeout(whenIdle, REGISTER_AFTER_LOAD_MS);
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
}

/** Whether a new version waits, and the action that switches to it (the page reloads). */
export function useUpdateReady(): { ready: boolean; reload: () => void } {
  const ready = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => updateReady,
  );
  return { ready, reload: () => void applyUpdate?.(true) };
}
