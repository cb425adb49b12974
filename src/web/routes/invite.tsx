import { useEffect, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import type { AccountDto } from "../../shared/api-schemas.ts";
import { ConfirmDialog } from "../components/dialog.tsx";
import { Loading } from "../components/loading.tsx";
import { useOptionalUser } from "../features/session/api/session.ts";
import { LoginForm } from "../features/session/components/login-form.tsx";
import { useInvitation, useRespondToInvitation } from "../features/sharing/api/sharing.ts";
import { errorMessage } from "../lib/api.ts";
import { paths } from "../paths.ts";
import { FormError } from "../components/form-error.tsx";

const ACCEPT_REDIRECT_MS = 2000; // SPEC §9

function Invalid({ message }: { message: string }) {
  return (
    <section className="card auth-card">
      <h1>Invalid Invitation</h1>
      <FormError message={message} />
    </section>
  );
}

function Accepted({ ownerId, ownerName }: { ownerId: string; ownerName: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(paths.regimen(ownerId), { replace: true }), ACCEPT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, ownerId]);
  return (
    <section className="card auth-card" role="status">
      <h1>Invitation Accepted!</h1>
      <p>You now have access to {ownerName}&apos;s pill logs.</p>
      <p className="muted">Redirecting...</p>
    </section>
  );
}

function Invitation({ id, me }: { id: string; me: AccountDto }) {
  const navigate = useNavigate();
  const invitation = useInvitation(id);
  const respond = useRespondToInvitation(id);
  const [confirmReject, setConfirmReject] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<{ ownerUserId: string; ownerName: string } | null>(null);

  if (accepted) return <Accepted ownerId={accepted.ownerUserId} ownerName={accepted.ownerName} />;
  if (invitation.isPending) return <Loading text="Loading invitation..." />;
  if (invitation.isError) {
    const err = invitation.error;
    return <Invalid message={errorMessage(err, "Failed to load invitation")} />;
  }
  const inv = invitation.data;
  const answer = (kind: "accept" | "reject") =>
    respond.mutate(kind, {
      onSuccess: (result) => {
        if (kind === "accept" && result) setAccepted(result);
        else navigate(paths.home(), { replace: true });
      },
      onError: (err) => {
        setConfirmReject(false);
        setError(errorMessage(err, kind === "accept" ? "Failed to accept invitation" : "Failed to reject invitation"));
      },
    });

  return (
    <section className="card auth-card" aria-labelledby="invitation-title">
      <h1 id="invitation-title">You&apos;re invited</h1>
      <p>
        <strong>{inv.ownerName}</strong> ({inv.ownerEmail}) invited you to share their Dosetime account.
      </p>
      <p>Accepting lets you view their history, log pills on their behalf and help track their schedule.</p>
      <p className="muted">
        Signed in as <strong>{me.email}</strong>
      </p>
      <FormError message={error} />
      <button type="button" className="button button-big" disabled={respond.isPending} onClick={() => answer("accept")}>
        {respond.isPending ? "Processing..." : "Accept Invitation"}
      </button>
      <button type="button" className="button button-secondary button-big" disabled={respond.isPending} onClick={() => setConfirmReject(true)}>
        {respond.isPending ? "Processing..." : "Reject"}
      </button>
      {confirmReject && (
        <ConfirmDialog
          title="Are you sure you want to reject this invitation?"
          confirmLabel="Reject"
          danger
          busy={respond.isPending}
          onConfirm={() => answer("reject")}
          onClose={() => setConfirmReject(false)}
        />
      )}
    </section>
  );
}

/** /invite/{id}: signed out, sign in (or up) first and come back; signed in, accept or reject (SPEC §2). */
export function Component() {
  const { invitationId = "" } = useParams();
  const { user } = useOptionalUser();
  const location = useLocation();
  const navigate = useNavigate();
  if (user === undefined) return <Loading text="Loading invitation..." />;
  if (!user)
    return (
      <>
        <p className="banner banner-info">Please sign in or create an account to accept this invitation</p>
        <LoginForm returnTo={location.pathname} onSignedIn={() => navigate(location.pathname, { replace: true })} />
      </>
    );
  return <Invitation key={invitationId} id={invitationId} me={user} />;
}
