/** Every route path of the SPA (SPEC §2 route table), in one place. */
export const paths = {
  home: () => "/",
  regimen: (userId: string) => `/regimen/${encodeURIComponent(userId)}`,
  login: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : "/login"),
  forgotPassword: () => "/forgot-password",
  authAction: () => "/__/auth/action",
  profile: (userId?: string) => (userId ? `/profile/${encodeURIComponent(userId)}` : "/profile"),
  editMedication: (id?: string) => (id ? `/edit-medication?id=${encodeURIComponent(id)}` : "/edit-medication"),
  sharedAccess: () => "/shared-access",
  invite: (invitationId: string) => `/invite/${encodeURIComponent(invitationId)}`,
  history: (userId: string) => `/history/${encodeURIComponent(userId)}`,
};

/** A `next` parameter is honoured only when it is a path of this site. Example: "//evil.test" → "/". */
export function safeNext(next: string | null): string {
  return next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : "/";
}
