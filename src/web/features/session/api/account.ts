import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AccountDto } from "../../../../shared/api-schemas.ts";
import { api, ApiError, FRESH_FOR_MS } from "../../../lib/api.ts";

/** An account the signed-in user may see (their own, or one shared with them); 404 when it is not. */
export const accountQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["account", userId] as const,
    queryFn: () => api<AccountDto>(`/api/accounts/${encodeURIComponent(userId)}`),
    retry: false,
    staleTime: FRESH_FOR_MS,
  });

export function useAccount(userId: string) {
  return useQuery(accountQueryOptions(userId));
}

/** The account is not (or no longer) visible to this user: never shared, or revoked. A network error is not that. */
export function isAccessDenied(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 404 || err.status === 401);
}
