import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { addLocalDays, dayWindow } from "../../../../domain/zoned-time.ts";
import type { PillLogDto } from "../../../../shared/api-schemas.ts";
import { api, ApiError } from "../../../lib/api.ts";

/** SPEC §9: logs refresh every 30 seconds (and at once when the tab is visible again). */
export const LOG_REFRESH_MS = 30_000;

const logsPath = (accountId: string) => `/api/accounts/${encodeURIComponent(accountId)}/pill-logs`;
export const pillLogKeys = { recent: (accountId: string) => ["pill-logs", accountId] as const };

/**
 * Yesterday's and today's logs in the account's zone, newest first: today's for the cards and the list, the
 * night before's for a food restriction that runs past midnight. One query serves every card and the page.
 */
export function useRecentLogs(accountId: string, today: string, zone: string) {
  const since = dayWindow(addLocalDays(today, -1), zone).start.toISOString();
  return useQuery({
    queryKey: [...pillLogKeys.recent(accountId), today, zone],
    queryFn: () => api<PillLogDto[]>(`${logsPath(accountId)}?since=${encodeURIComponent(since)}`),
    refetchInterval: LOG_REFRESH_MS,
    refetchOnWindowFocus: "always",
    // At midnight the key moves to the new day: keep showing the last answer rather than 'Loading...'.
    placeholderData: (previous) => previous,
  });
}

/** Saves a dose. The id is made once per dose, so a retried request can never log it twice. */
export function useSavePillLog(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (log: { id: string; timestamp: string; medicationId: string }) => api<PillLogDto>(logsPath(accountId), { method: "POST", body: log }),
    // Only a lost connection or a server error is worth another try; the id makes it safe.
    retry: (count, err) => count < 2 && err instanceof ApiError && (err.status === 0 || err.status >= 500),
    onSettled: () => client.invalidateQueries({ queryKey: pillLogKeys.recent(accountId) }),
  });
}

export function useDeletePillLog(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (logId: string) => api<null>(`${logsPath(accountId)}/${encodeURIComponent(logId)}`, { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: pillLogKeys.recent(accountId) }),
  });
}
