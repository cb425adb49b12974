import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdherenceDto } from "../../../../shared/api-schemas.ts";
import { api } from "../../../lib/api.ts";

const base = (accountId: string) => `/api/accounts/${encodeURIComponent(accountId)}`;

/** Every scheduled dose of the account from `from` to `to` (its local days), judged against its schedule. */
export const adherenceQueryOptions = (accountId: string, from: string, to: string) =>
  queryOptions({
    queryKey: ["adherence", accountId, from, to] as const,
    queryFn: () => api<AdherenceDto>(`${base(accountId)}/adherence?from=${from}&to=${to}`),
    placeholderData: keepPreviousData,
  });

export function useAdherence(accountId: string, from: string, to: string) {
  return useQuery(adherenceQueryOptions(accountId, from, to));
}

/** The download addresses of the CSV and the PDF report for a range. */
export const reportUrl = (accountId: string, kind: "csv" | "pdf", from: string, to: string) =>
  `${base(accountId)}/report.${kind}?from=${from}&to=${to}`;
