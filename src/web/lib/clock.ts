import { useCallback, useRef, useSyncExternalStore } from "react";

// One shared 1-second clock for the whole page (DESIGN §9: not one timer per card). It ticks on the second,
// only while something is subscribed, and at once when the tab becomes visible again (after a laptop sleeps).
// Only what shows the seconds re-renders at each tick (useNow, in small leaf components); everything else reads a
// value derived from the clock (useClockValue) and re-renders when that value changes: a card's state, the day.

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

/**
 * A value derived from the shared clock, such as a card's state or today's date: the component re-renders only when
 * it changes (by `same`), not at every tick (DESIGN §9, idle CPU). `select` keeps its identity between renders
 * (useCallback) unless what it reads changes.
 */
export function useClockValue<T>(select: (now: Date) => T, same: (a: T, b: T) => boolean = Object.is): T {
  const last = useRef<{ select: (now: Date) => T; value: T } | null>(null);
  const getSnapshot = useCallback(() => {
    const value = select(new Date(now));
    const previous = last.current;
    if (previous && previous.select === select && same(previous.value, value)) return previous.value;
    last.current = { select, value };
    return value;
  }, [select, same]);
  return useSyncExternalStore(subscribe, getSnapshot);
}
