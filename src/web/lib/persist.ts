import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import type { PersistQueryClientOptions } from "@tanstack/react-query-persist-client";
import { del, get, set } from "idb-keyval";

// DESIGN §10: the last-known account, medications and logs are kept in IndexedDB, so the app opens with no
// network; at most 7 days old, and removed on sign-out (a shared phone must not show the last person's doses).

/** How long kept data may be shown: older than this, the app starts empty. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

// The query keys kept (their first element): the session, the account, its tracked medications and its logs.
const KEPT = new Set<unknown>(["me", "account", "medications", "pill-logs"]);
// The mutation keys kept while they are pending (their function is registered at start: registerPillLogMutations).
const RESENT = new Set<unknown>(["save-pill-log"]);

const persister = createAsyncStoragePersister({
  storage: { getItem: (key) => get<string>(key), setItem: (key, value: string) => set(key, value), removeItem: (key) => del(key) },
  key: "dosetime-query-cache",
  // A dose saved offline is on the device within a tenth of a second, before a quick reload can lose it.
  throttleTime: 100,
});

export const persistOptions: Omit<PersistQueryClientOptions, "queryClient"> = {
  persister,
  maxAge: PERSIST_MAX_AGE_MS,
  // Bump when a kept shape changes: older data is then dropped rather than misread.
  buster: "1",
  dehydrateOptions: {
    // NOTE: whatever was last known, even when the latest refresh failed (a query whose refresh found the server
    // unreachable is in "error" but keeps its data): not only the successful ones, which would lose it offline.
    shouldDehydrateQuery: (query) => query.state.data !== undefined && KEPT.has(query.queryKey[0]),
    // Mutations paused while offline (a dose waiting to sync), and a dose whose request is still on its way: the card
    // counts it already, so a reload or a closed app before the answer must not lose it (its id keeps it one row).
    shouldDehydrateMutation: (mutation) =>
      mutation.state.isPaused || (mutation.state.status === "pending" && RESENT.has(mutation.options.mutationKey?.[0])),
  },
};

/** Forgets everything kept on this device. */
export function removePersistedData(): Promise<void> {
  return Promise.resolve(persister.removeClient());
}
