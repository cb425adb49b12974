import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MissedDoseAlertDto } from "../../../../shared/api-schemas.ts";
import { api } from "../../../lib/api.ts";

const url = (accountId: string) => `/api/accounts/${encodeURIComponent(accountId)}/missed-dose-alert`;
/** The one factory of this file's query: its key and fetcher. */
export const missedDoseAlertQueryOptions = (accountId: string) =>
  queryOptions({ queryKey: ["missed-dose-alert", accountId] as const, queryFn: () => api<MissedDoseAlertDto>(url(accountId)) });

/** The signed-in caregiver's "Alert me when {owner} misses a dose" for this account (DESIGN §12). */
export function useMissedDoseAlert(accountId: string) {
  return useQuery(missedDoseAlertQueryOptions(accountId));
}

/** Turns the alert on with a delay (PUT), or off (DELETE); the answer becomes the query's data. */
export function useSaveMissedDoseAlert(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (next: MissedDoseAlertDto): Promise<MissedDoseAlertDto> => {
      if (next.enabled) return api<MissedDoseAlertDto>(url(accountId), { method: "PUT", body: { delayMinutes: next.delayMinutes } });
      await api<null>(url(accountId), { method: "DELETE" });
      return next;
    },
    onSuccess: (data) => client.setQueryData(missedDoseAlertQueryOptions(accountId).queryKey, data),
  });
}
