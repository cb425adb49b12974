import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { AccountDto } from "../../../../shared/api-schemas.ts";
import { api } from "../../../lib/api.ts";

export const sessionQueryKey = ["me"] as const;

async function fetchOptionalUser(): Promise<AccountDto | null> {
  return (await api<{ user: AccountDto | null }>("/api/session")).user;
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** The signed-in user, null when signed out, undefined while the session is being checked. */
export function useOptionalUser(): { user: AccountDto | null | undefined; isLoading: boolean } {
  const query = useQuery({ queryKey: sessionQueryKey, queryFn: fetchOptionalUser, staleTime: 60_000, retry: 1 });
  const user = query.data;
  const client = useQueryClient();
  // A Google sign-up cannot tell the server the browser's zone; the first load does (DESIGN §3 time_zone).
  useEffect(() => {
    if (user && !user.timeZone) {
      api<AccountDto>("/api/me", { method: "PATCH", body: { timeZone: browserTimeZone() } }).then(
        (updated) => client.setQueryData(sessionQueryKey, updated),
        () => undefined,
      );
    }
  }, [user, client]);
  return { user: query.isPending ? undefined : (user ?? null), isLoading: query.isPending };
}

export function useRefreshSession() {
  const client = useQueryClient();
  return () => client.fetchQuery({ queryKey: sessionQueryKey, queryFn: fetchOptionalUser, staleTime: 0 });
}

export async function signOut(): Promise<void> {
  await api("/api/auth/sign-out", { method: "POST", body: {} });
}
