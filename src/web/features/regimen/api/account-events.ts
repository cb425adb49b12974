import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";
import { recentLogsKey } from "./pill-logs.ts";

/**
 * The queries of other features that an event refreshes: the route passes their keys from their own factories
 * (a module-level constant, so the stream is not reopened on each render).
 */
export type AccountEventKeys = { medications: (accountId: string) => QueryKey; account: (accountId: string) => QueryKey };

/**
 * Live updates for an open regimen (DESIGN §4 events): a dose logged by someone else, a medication changed, or
 * this viewer's access revoked, refresh the page at once. The 30-second refresh stays as the safety net.
 */
export function useAccountEvents(accountId: string, keys: AccountEventKeys) {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(`/api/accounts/${encodeURIComponent(accountId)}/events`);
    source.addEventListener("pill-logs", () => void client.invalidateQueries({ queryKey: recentLogsKey(accountId) }));
    source.addEventListener("medications", () => void client.invalidateQueries({ queryKey: keys.medications(accountId) }));
    source.addEventListener("access-revoked", () => {
      source.close();
      void client.invalidateQueries({ queryKey: keys.account(accountId) });
    });
    return () => source.close();
  }, [accountId, client, keys]);
}
