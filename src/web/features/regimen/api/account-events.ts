import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { accountQueryKey } from "../../session/api/account.ts";
import { pillLogKeys } from "./pill-logs.ts";

/**
 * Live updates for an open regimen (DESIGN §4 events): a dose logged by someone else, a medication changed, or
 * this viewer's access revoked, refresh the page at once. The 30-second refresh stays as the safety net.
 */
export function useAccountEvents(accountId: string) {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(`/api/accounts/${encodeURIComponent(accountId)}/events`);
    source.addEventListener("pill-logs", () => void client.invalidateQueries({ queryKey: pillLogKeys.recent(accountId) }));
    source.addEventListener("medications", () => void client.invalidateQueries({ queryKey: ["medications", accountId] }));
    source.addEventListener("access-revoked", () => {
      source.close();
      void client.invalidateQueries({ queryKey: accountQueryKey(accountId) });
    });
    return () => source.close();
  }, [accountId, client]);
}
