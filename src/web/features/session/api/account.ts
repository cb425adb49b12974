import { useQuery } from "@tanstack/react-query";
import type { AccountDto } from "../../../../shared/api-schemas.ts";
import { api, ApiError } from "../../../lib/api.ts";

export const accountQueryKey = (userId: string) => ["account", userId] as const;

/** An account the signed-in user may see (their own, or one shared with them); 404 when it is not. */
export function useAccount(userId: string) {
  return useQuery({ queryKey: accountQueryKey(userId), queryFn: () => api<AccountDto>(`/api/accounts/${encodeURIComponent(userId)}`), retry: false });
}

/** The account is not (or no longer) visible to this user: never shared, or revoked. A network error is not that. */
export function isAccessDenied(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 404 || err.status === 401);
}
