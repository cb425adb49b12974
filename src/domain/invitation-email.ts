// A pragmatic address check: something@something.tld, no spaces. The server keeps the final say.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(email: string): boolean {
  return EMAIL.test(email.trim()) && email.trim().length <= 254;
}

/**
 * SPEC §5 invitation form checks, in SPEC's order; null when the invitation may be sent.
 * Example: the owner's own address in capitals → 'You cannot share access with yourself'.
 */
export function invitationEmailError(
  email: string,
  ctx: { ownEmail: string; pendingEmails: readonly string[]; accessEmails: readonly string[] },
): string | null {
  const address = email.trim().toLowerCase();
  if (!address) return "Please enter an email address";
  if (!isEmailAddress(address)) return "Please enter a valid email address";
  if (address === ctx.ownEmail.trim().toLowerCase()) return "You cannot share access with yourself";
  if (ctx.pendingEmails.some((e) => e.toLowerCase() === address)) return "An invitation has already been sent to this email";
  if (ctx.accessEmails.some((e) => e.toLowerCase() === address)) return "This user already has access to your account";
  return null;
}
