import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { AccountDto } from "../../../../shared/api-schemas.ts";
import { api } from "../../../lib/api.ts";
import { removePersistedData } from "../../../lib/persist.ts";
import { accountQueryOptions } from "./account.ts";

/** The session's user, or null when signed out. */
export async function fetchOptionalUser(): Promise<AccountDto | null> {
  return (await api<{ user: AccountDto | null }>("/api/session")).user;
}

/** Who is signed in: the one key and fetcher of the session, for reading, refreshing and setting it. */
export const sessionQueryOptions = queryOptions({ queryKey: ["me"] as const, queryFn: fetchOptionalUser, staleTime: 60_000, retry: 1 });

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** The signed-in user, null when signed out, undefined while the session is being checked. */
export function useOptionalUser(): { user: AccountDto | null | undefined; isLoading: boolean } {
  const query = useQuery(sessionQueryOptions);
  const user = query.data;
  const client = useQueryClient();
  // A Google sign-up cannot tell the server the browser's zone; the first load does (DESIGN §3 time_zone).
  useEffect(() => {
    if (user && !user.timeZone) {
      api<AccountDto>("/api/me", { method: "PATCH", body: { timeZone: browserTimeZone() } }).then(
        (updated) => client.setQueryData(sessionQueryOptions.queryKey, updated),
        () => undefined,
      );
    }
  }, [user, client]);
  return { user: query.isPending ? undefined : (user ?? null), isLoading: query.isPending };
}

export function useRefreshSession() {
  const client = useQueryClient();
  return () => client.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
}

/** Signs out, and forgets on this device everything of the account (DESIGN §10: a phone may be shared). */
async function signOut(client: QueryClient): Promise<void> {
  await api("/api/auth/sign-out", { method: "POST", body: {} });
  client.clear();
  await removePersistedData();
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => signOut(client) });
}

/** PATCH the signed-in user's name or zone; the answer becomes the session's user at once. */
export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: { name?: string; timeZone?: string }) => api<AccountDto>("/api/me", { method: "PATCH", body: patch }),
    onSuccess: (updated) => {
      client.setQueryData(sessionQueryOptions.queryKey, updated);
      return client.invalidateQueries({ queryKey: accountQueryOptions(updated.id).queryKey });
    },
  });
}
