// A pragmatic address check: something@something.tld, no spaces. The server keeps the final say.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(email: string): boolean {
  return EMAIL.test(email.trim()) && email.trim().length <= 254;
}

/** What is wrong with an invitation address; src/shared/errors.ts holds the words. */
export type InvitationEmailProblem = "missing" | "invalid" | "own" | "already-sent" | "already-shared";

/**
 * SPEC §5 invitation form checks, in SPEC's order; null when the invitation may be sent.
 * Example: the owner's own address in capitals → "own".
 */
export function invitationEmailProblem(
  email: string,
  ctx: { ownEmail: string; pendingEmails: readonly string[]; accessEmails: readonly string[] },
): InvitationEmailProblem | null {
  const address = email.trim().toLowerCase();
  if (!address) return "missing";
  if (!isEmailAddress(address)) return "invalid";
  if (address === ctx.ownEmail.trim().toLowerCase()) return "own";
  if (ctx.pendingEmails.some((e) => e.toLowerCase() === address)) return "already-sent";
  if (ctx.accessEmails.some((e) => e.toLowerCase() === address)) return "already-shared";
  return null;
}
