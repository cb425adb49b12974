import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InvitationDto, MyAccountsDto, SharedAccessDto } from "../../../../shared/api-schemas.ts";
import { api } from "../../../lib/api.ts";

const acc = (accountId: string) => `/api/accounts/${encodeURIComponent(accountId)}`;
/** The one factory of this file's queries: keys and fetchers, so an invalidation elsewhere imports the key. */
export const sharingQueries = {
  /** The accounts the signed-in user can switch between (SPEC §2 header). */
  myAccounts: () => queryOptions({ queryKey: ["my-accounts"] as const, queryFn: () => api<MyAccountsDto>("/api/me/accounts"), staleTime: 30_000 }),
  invitations: (accountId: string) =>
    queryOptions({ queryKey: ["invitations", accountId] as const, queryFn: () => api<InvitationDto[]>(`${acc(accountId)}/invitations`) }),
  caregivers: (accountId: string) =>
    queryOptions({ queryKey: ["caregivers", accountId] as const, queryFn: () => api<SharedAccessDto[]>(`${acc(accountId)}/caregivers`) }),
  invitation: (id: string) =>
    queryOptions({
      queryKey: ["invitation", id] as const,
      queryFn: () => api<InvitationDto>(`/api/invitations/${encodeURIComponent(id)}`),
      retry: false,
      refetchOnWindowFocus: false,
    }),
};

export function useMyAccounts() {
  return useQuery(sharingQueries.myAccounts());
}

export function usePendingInvitations(accountId: string) {
  return useQuery(sharingQueries.invitations(accountId));
}

export function useCaregivers(accountId: string) {
  return useQuery(sharingQueries.caregivers(accountId));
}

export function useCreateInvitation(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api<InvitationDto>(`${acc(accountId)}/invitations`, { method: "POST", body: { email } }),
    onSuccess: () => client.invalidateQueries({ queryKey: sharingQueries.invitations(accountId).queryKey }),
  });
}

export function useCancelInvitation(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`${acc(accountId)}/invitations/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: sharingQueries.invitations(accountId).queryKey }),
  });
}

export function useRevokeCaregiver(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<null>(`${acc(accountId)}/caregivers/${encodeURIComponent(userId)}`, { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: sharingQueries.caregivers(accountId).queryKey }),
  });
}

export function useInvitation(id: string) {
  return useQuery(sharingQueries.invitation(id));
}

export function useRespondToInvitation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: "accept" | "reject") =>
      api<{ ownerUserId: string; ownerName: string } | null>(`/api/invitations/${encodeURIComponent(id)}/${answer}`, { method: "POST", body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: sharingQueries.myAccounts().queryKey }),
  });
}

/** SPEC §7: the invite link, and the e-mail that shares it. */
export function inviteLink(invitationId: string): string {
  return `${window.location.origin}/invite/${encodeURIComponent(invitationId)}`;
}

export function inviteMailto(invitedEmail: string, inviterName: string, invitationId: string): string {
  const subject = `${inviterName} invited you to Dosetime`;
  const body =
    `${inviterName} would like you to help keep track of their medication on Dosetime.\n\n` +
    `Open this link to accept the invitation:\n${inviteLink(invitationId)}\n`;
  return `mailto:${encodeURIComponent(invitedEmail)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** Copies the link; where the clipboard is not available (plain http), a prompt shows it to copy by hand. */
export async function copyInviteLink(invitationId: string): Promise<boolean> {
  const link = inviteLink(invitationId);
  try {
    await navigator.clipboard.writeText(link);
    return true;
  } catch {
    window.prompt("Copy this invitation link:", link);
    return false;
  }
}
