import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InvitationDto, MyAccountsDto, SharedAccessDto } from "../../../../shared/api-schemas.ts";
import { api } from "../../../lib/api.ts";

const acc = (accountId: string) => `/api/accounts/${encodeURIComponent(accountId)}`;
export const sharingKeys = {
  myAccounts: ["my-accounts"] as const,
  invitations: (accountId: string) => ["invitations", accountId] as const,
  caregivers: (accountId: string) => ["caregivers", accountId] as const,
  invitation: (id: string) => ["invitation", id] as const,
};

/** The accounts the signed-in user can switch between (SPEC §2 header). */
export function useMyAccounts(enabled: boolean) {
  return useQuery({ queryKey: sharingKeys.myAccounts, queryFn: () => api<MyAccountsDto>("/api/me/accounts"), enabled, staleTime: 30_000 });
}

export function usePendingInvitations(accountId: string) {
  return useQuery({ queryKey: sharingKeys.invitations(accountId), queryFn: () => api<InvitationDto[]>(`${acc(accountId)}/invitations`) });
}

export function useCaregivers(accountId: string) {
  return useQuery({ queryKey: sharingKeys.caregivers(accountId), queryFn: () => api<SharedAccessDto[]>(`${acc(accountId)}/caregivers`) });
}

export function useCreateInvitation(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api<InvitationDto>(`${acc(accountId)}/invitations`, { method: "POST", body: { email } }),
    onSuccess: () => client.invalidateQueries({ queryKey: sharingKeys.invitations(accountId) }),
  });
}

export function useCancelInvitation(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`${acc(accountId)}/invitations/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: sharingKeys.invitations(accountId) }),
  });
}

export function useRevokeCaregiver(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<null>(`${acc(accountId)}/caregivers/${encodeURIComponent(userId)}`, { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: sharingKeys.caregivers(accountId) }),
  });
}

export function useInvitation(id: string, enabled: boolean) {
  return useQuery({
    queryKey: sharingKeys.invitation(id),
    queryFn: () => api<InvitationDto>(`/api/invitations/${encodeURIComponent(id)}`),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useRespondToInvitation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: "accept" | "reject") =>
      api<{ ownerUserId: string; ownerName: string } | null>(`/api/invitations/${encodeURIComponent(id)}/${answer}`, { method: "POST", body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: sharingKeys.myAccounts }),
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
