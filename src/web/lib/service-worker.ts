/// <reference types="vite-plugin-pwa/vanillajs" />
import { useSyncExternalStore } from "react";

// DESIGN §10: the service worker (src/web/sw.ts) is registered after the page has loaded, and a new version waits
// for the person: "A new version is ready" with Reload, which activates it and reloads once it controls the page.

let applyUpdate: ((reloadPage?: boolean) => Promise<void>) | null = null;
let updateReady = false;
const listeners = new Set<() => void>();

/** After the load event: long enough for the first screen's own requests to be answered, on a slow phone too. */
const REGISTER_AFTER_LOAD_MS = 3000;

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
