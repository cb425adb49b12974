import { api, ApiError } from "../../../lib/api.ts";
import { browserTimeZone } from "./session.ts";

// Better Auth's endpoints, called with the app's one fetch client.

export function signInWithEmail(email: string, password: string) {
  return api("/api/auth/sign-in/email", { method: "POST", body: { email, password } });
}

export function signUpWithEmail(name: string, email: string, password: string) {
  return api("/api/auth/sign-up/email", { method: "POST", body: { name, email, password, timeZone: browserTimeZone() } });
}

export function requestPasswordReset(email: string) {
  return api("/api/auth/request-password-reset", { method: "POST", body: { email, redirectTo: `${window.location.origin}/login` } });
}

export async function verifyResetCode(code: string): Promise<{ email: string }> {
  return api<{ email: string }>(`/api/password-reset/${encodeURIComponent(code)}`);
}

export async function resetPassword(token: string, newPassword: string) {
  try {
    return await api("/api/auth/reset-password", { method: "POST", body: { token, newPassword } });
  } catch (err) {
    if (err instanceof ApiError && err.code === "INVALID_TOKEN")
      throw new Error("This password reset link is invalid or has expired", { cause: err });
    throw err;
  }
}

export function fetchPublicConfig() {
  return api<{ googleEnabled: boolean }>("/api/config");
}

/**
 * Google sign-in in a popup (DESIGN §6.10); if the browser blocks the popup, the whole page goes through
 * Google instead and comes back to `returnTo`. Resolves true once signed in by popup.
 */
export async function signInWithGoogle(returnTo: string): Promise<boolean> {
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
  if (result.error.code === "POPUP_CLOSED") return false;
  throw new Error(result.error.message || "Google sign-in failed");
}
