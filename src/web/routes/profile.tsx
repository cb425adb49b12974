import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import type { AccountDto } from "../../shared/api-schemas.ts";
import { signOut } from "../features/session/api/session.ts";
import { RequireUser } from "../features/session/components/guards.tsx";
import { errorMessage } from "../lib/api.ts";
import { paths } from "../paths.ts";

function Profile({ user }: { user: AccountDto }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSignOut = async () => {
    setBusy(true);
    try {
      await signOut();
      client.clear();
      navigate(paths.home(), { replace: true });
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <section className="card">
      <p>
        <Link to={paths.regimen(user.id)} className="back-link">
          ← Back
        </Link>
      </p>
      <div className="profile-head">
        <span className="avatar avatar-large" aria-hidden="true">
          {user.initials}
        </span>
        <div>
          <h1>{user.name}</h1>
          <p className="muted">{user.email}</p>
        </div>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button button-secondary button-big" onClick={onSignOut} disabled={busy}>
        Sign out
      </button>
    </section>
  );
}

export function Component() {
  const { userId = "" } = useParams();
  return <RequireUser>{(user) => (userId === user.id ? <Profile user={user} /> : <Navigate to={paths.profile(user.id)} replace />)}</RequireUser>;
}
