import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

// DESIGN §10: "offline" means the server does not answer. navigator.onLine stays true in a lift with one bar, or
// when only the server is down, so the app learns it from its own requests: a request that gets no answer at all
// marks the app offline (TanStack Query then pauses queries and mutations, keeping them), any answer marks it
// online, and while offline a probe asks /healthz every few seconds; the first answer resumes everything.
// The browser's own online/offline events still count (TanStack's default listener).

const PROBE_MS = 5_000;
let probe: ReturnType<typeof setInterval> | undefined;

/** Called by the fetch client after each request: did the server answer (any status) or not? */
export function markServerReachable(reachable: boolean): void {
  if (onlineManager.isOnline() !== reachable) onlineManager.setOnline(reachable);
}

async function probeServer() {
  try {
    await fetch("/healthz", { cache: "no-store" });
    markServerReachable(true);
  } catch {
    // still unreachable: try again at the next probe
  }
}

onlineManager.subscribe((online) => {
  if (online) {
    clearInterval(probe);
    probe = undefined;
  } else probe ??= setInterval(() => void probeServer(), PROBE_MS);
});

/** Whether the server answered the app's last request (or the probe). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (l) => onlineManager.subscribe(l),
    () => onlineManager.isOnline(),
  );
}
