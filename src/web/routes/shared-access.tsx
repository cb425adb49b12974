import { useState } from "react";
import type { AccountDto, InvitationDto } from "../../shared/api-schemas.ts";
import { BackLink } from "../components/back-link.tsx";
import { ConfirmDialog } from "../components/dialog.tsx";
import { Loading } from "../components/loading.tsx";
import { RequireUser } from "../features/session/components/guards.tsx";
import {
  copyInviteLink,
  inviteMailto,
  useCancelInvitation,
  useCaregivers,
  usePendingInvitations,
  useRevokeCaregiver,
} from "../features/sharing/api/sharing.ts";
import { InviteForm } from "../features/sharing/components/invite-form.tsx";
import { paths } from "../paths.ts";
import { Notice } from "../components/form-error.tsx";

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

function ShareButtons({ invitation, user, onCopied }: { invitation: InvitationDto; user: AccountDto; onCopied: (text: string) => void }) {
  return (
    <div className="share-buttons">
      <a className="button button-secondary" href={inviteMailto(invitation.invitedEmail, user.name, invitation.id)}>
        Share via Email
      </a>
      <button
        type="button"
        className="button button-secondary"
        onClick={async () => onCopied((await copyInviteLink(invitation.id)) ? "Invitation link copied to clipboard!" : "")}
      >
        Copy Link
      </button>
    </div>
  );
}

function SharedAccess({ user }: { user: AccountDto }) {
  const invitations = usePendingInvitations(user.id);
  const caregivers = useCaregivers(user.id);
  const cancel = useCancelInvitation(user.id);
  const revoke = useRevokeCaregiver(user.id);
  const [formOpen, setFormOpen] = useState(false);
  const [created, setCreated] = useState<InvitationDto | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirm, setConfirm] = useState<{ kind: "cancel"; id: string } | { kind: "revoke"; userId: string } | null>(null);
  const lists = {
    ownEmail: user.email,
    pendingEmails: (invitations.data ?? []).map((i) => i.invitedEmail),
    accessEmails: (caregivers.data ?? []).map((c) => c.sharedWithEmail),
  };

  const onConfirm = () => {
    if (!confirm) return;
    const done = { onSettled: () => setConfirm(null) };
    if (confirm.kind === "cancel")
      cancel.mutate(confirm.id, { ...done, onError: () => setNotice({ ok: false, text: "Failed to cancel invitation. Please try again." }) });
    else revoke.mutate(confirm.userId, { ...done, onError: () => setNotice({ ok: false, text: "Failed to revoke access. Please try again." }) });
  };
  const copied = (text: string) => setNotice(text ? { ok: true, text } : null);

  return (
    <>
      <section className="card">
        <BackLink to={paths.profile(user.id)} />
        <h1>Shared Access</h1>
        <p>People you invite can see your doses and log them for you. They cannot change your medications.</p>
        <Notice notice={notice} />
        {created ? (
          <div className="created" role="status">
            <h2>✓ Invitation Created!</h2>
            <p>Send {created.invitedEmail} the link to accept.</p>
            <ShareButtons invitation={created} user={user} onCopied={copied} />
            <button type="button" className="button button-big" onClick={() => setCreated(null)}>
              Done
            </button>
          </div>
        ) : formOpen ? (
          <InviteForm
            accountId={user.id}
            lists={lists}
            onCreated={(invitation) => {
              setCreated(invitation);
              setFormOpen(false);
            }}
            onCancel={() => setFormOpen(false)}
          />
        ) : (
          <button
            type="button"
            className="button button-big"
            onClick={() => {
              setNotice(null);
              setFormOpen(true);
            }}
          >
            + Invite Someone
          </button>
        )}
      </section>

      <section className="card" aria-labelledby="pending-title">
        <h2 id="pending-title">Pending Invitations</h2>
        {invitations.isPending ? (
          <Loading />
        ) : !invitations.data?.length ? (
          <p className="muted">No invitations waiting.</p>
        ) : (
          <ul className="people">
            {invitations.data.map((inv) => (
              <li key={inv.id}>
                <div>
                  <strong>{inv.invitedEmail}</strong>
                  <span className="muted">Sent {day(inv.createdAt)}</span>
                </div>
                <div className="share-buttons">
                  <ShareButtons invitation={inv} user={user} onCopied={copied} />
                  <button type="button" className="button button-secondary" onClick={() => setConfirm({ kind: "cancel", id: inv.id })}>
                    Cancel
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card" aria-labelledby="people-title">
        <h2 id="people-title">People With Access</h2>
        {caregivers.isPending ? (
          <Loading />
        ) : !caregivers.data?.length ? (
          <p className="muted">No shared access yet</p>
        ) : (
          <ul className="people">
            {caregivers.data.map((c) => (
              <li key={c.id}>
                <div>
                  <strong>{c.sharedWithName}</strong>
                  <span className="muted">{c.sharedWithEmail}</span>
                  <span className="muted">Since {day(c.createdAt)}</span>
                </div>
                <button type="button" className="button button-danger" onClick={() => setConfirm({ kind: "revoke", userId: c.sharedWithUserId })}>
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      {confirm && (
        <ConfirmDialog
          title={
            confirm.kind === "cancel"
              ? "Are you sure you want to cancel this invitation?"
              : "Are you sure you want to revoke access? This user will no longer be able to view or log your pills."
          }
          confirmLabel={confirm.kind === "cancel" ? "Cancel Invitation" : "Revoke"}
          danger
          busy={cancel.isPending || revoke.isPending}
          onConfirm={onConfirm}
          onClose={() => setConfirm(null)}
        />
      )}
    </>
  );
}

export function Component() {
  return <RequireUser>{(user) => <SharedAccess user={user} />}</RequireUser>;
}
