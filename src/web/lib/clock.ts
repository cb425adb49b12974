import { useSyncExternalStore } from "react";

// One shared 1-second clock for the whole page (DESIGN §9: not one timer per card). It ticks on the second,
// only while something is subscribed, and at once when the tab becomes visible again (after a laptop sleeps).

let now = Date.now();
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function tick() {
  now = Date.now();
  listeners.forEach((l) => l());
}

function schedule() {
  timer = setTimeout(
    () => {
      tick();
      schedule();
    },
    1000 - (Date.now() % 1000),
  );
}

function onVisibility() {
  if (document.visibilityState !== "visible") return;
  clearTimeout(timer);
  tick();
  schedule();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    tick();
    schedule();
    document.addEventListener("visibilitychange", onVisibility);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    }
  };
}

/** The current time in whole-second steps, shared by every component that shows a countdown. */
export function useNow(): Date {
  const ms = useSyncExternalStore(subscribe, () => now);
  return new Date(ms);
}
