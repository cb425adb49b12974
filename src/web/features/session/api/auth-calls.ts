import { queryOptions, useMutation } from "@tanstack/react-query";
import type { AccountDto } from "../../../../shared/api-schemas.ts";
import { api, ApiError } from "../../../lib/api.ts";
import { browserTimeZone, fetchOptionalUser, useRefreshSession } from "./session.ts";

// Better Auth's endpoints, called with the app's one fetch client.

export type Credentials = { mode: "signin" | "signup"; name: string; email: string; password: string };

/** Sign in or up by e-mail, then read the session: resolves to the signed-in user (SPEC §8 'User data not found'). */
export function useEmailSignIn() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: async ({ mode, name, email, password }: Credentials): Promise<AccountDto> => {
      if (mode === "signin") await api("/api/auth/sign-in/email", { method: "POST", body: { email, password } });
      else await api("/api/auth/sign-up/email", { method: "POST", body: { name, email, password, timeZone: browserTimeZone() } });
      return requireSessionUser(await refreshSession());
    },
  });
}

/** Google sign-in (see signInWithGoogle): resolves to the user, or null when the popup was closed without signing in. */
export function useGoogleSignIn() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: async (returnTo: string): Promise<AccountDto | null> =>
      (await signInWithGoogle(returnTo)) ? requireSessionUser(await refreshSession()) : null,
  });
}

function requireSessionUser(user: AccountDto | null): AccountDto {
  if (!user) throw new Error("User data not found");
  return user;
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api("/api/auth/request-password-reset", { method: "POST", body: { email, redirectTo: `${window.location.origin}/login` } }),
  });
}

/** The account a reset link is for; refused (400/404) when the link is invalid, used or expired. */
export const resetCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ["reset-code", code] as const,
    queryFn: () => api<{ email: string }>(`/api/password-reset/${encodeURIComponent(code)}`),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useResetPassword() {
  return useMutation({ mutationFn: ({ code, password }: { code: string; password: string }) => resetPassword(code, password) });
}

async function resetPassword(token: string, newPassword: string) {
  try {
    return await api("/api/auth/reset-password", { method: "POST", body: { token, newPassword } });
  } catch (err) {
    if (err instanceof ApiError && err.code === "INVALID_TOKEN")
      throw new Error("This password reset link is invalid or has expired", { cause: err });
    throw err;
  }
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: ["public-config"] as const,
  queryFn: () => api<{ googleEnabled: boolean }>("/api/config"),
  staleTime: Infinity,
});

/**
 * Google sign-in in a popup (DESIGN §6.10); if the browser blocks the popup, the whole page goes through
 * Google instead and comes back to `returnTo`. Resolves true once signed in by popup.
 */
async function signInWithGoogle(returnTo: string): Promise<boolean> {
  const { createAuthClient } = await import("better-auth/client");
  const { oauthPopupClient } = await import("better-auth/client/plugins");
  const client = createAuthClient({ baseURL: window.location.origin, plugins: [oauthPopupClient()] });
  const result = await client.signIn.popup({ provider: "google", callbackURL: returnTo });
  if (!result.error) return true;
  if (result.error.code === "POPUP_BLOCKED") {
    const { url } = await api<{ url: string }>("/api/auth/sign-in/social", { method: "POST", body: { provider: "google", callbackURL: returnTo } });
    window.location.assign(url);
    return new Promise<boolean>(() => undefined); // the page is leaving
  }
  // NOTE: the popup signs in, posts its message, then closes itself; on a busy machine Better Auth's closed-window
  // poll can win that race and report POPUP_CLOSED for a sign-in that worked. The session cookie tells the truth.
  if (result.error.code === "POPUP_CLOSED") return (await fetchOptionalUser()) !== null;
  throw new Error(result.error.message || "Google sign-in failed");
}
