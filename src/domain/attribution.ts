import type { DoseStatus } from "./types.ts";

/** Who is logging for whom: the signed-in user for themself, or a caregiver for the account's owner. */
export type Viewer = { isOwnAccount: boolean; ownerName: string };

/** The owner's first name. Example: "mary ann smith" → "mary". */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || name.trim();
}

/** SPEC §2 big button. Example: own → 'I TOOK MY CARBIDOPA-LEVODOPA'; for Mary → 'I GAVE MARY CARBIDOPA-LEVODOPA'. */
export function doseButtonText(pillLabel: string, viewer: Viewer): string {
  return viewer.isOwnAccount
    ? `I TOOK MY ${pillLabel.toUpperCase()}`
    : `I GAVE ${firstName(viewer.ownerName).toUpperCase()} ${pillLabel.toUpperCase()}`;
}

/** SPEC §2 confirm dialog. Example: 'I took my Carbidopa-levodopa at 2:05 PM' / 'I gave Mary Carbidopa-levodopa at 2:05 PM'. */
export function confirmDoseText(pillLabel: string, time: string, viewer: Viewer): string {
  return viewer.isOwnAccount ? `I took my ${pillLabel} at ${time}` : `I gave ${firstName(viewer.ownerName)} ${pillLabel} at ${time}`;
}

/**
 * SPEC §2: a log made by someone other than the owner says who. Example: → 'Logged by Carl'; a skip (DESIGN §12)
 * → 'Skipped by Carl'.
 */
export function loggedByText(log: {
  userId: string;
  loggedByUserId?: string | null;
  loggedByName?: string | null;
  status?: DoseStatus;
}): string | null {
  const by = log.loggedByUserId || log.userId;
  if (by === log.userId) return null;
  return `${log.status === "skipped" ? "Skipped" : "Logged"} by ${log.loggedByName?.trim() || "Unknown"}`;
}
