import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { RequireSignedOut } from "../features/session/components/guards.tsx";
import { requestPasswordReset } from "../features/session/api/auth-calls.ts";
import { errorMessage } from "../lib/api.ts";
import { paths } from "../paths.ts";
import { FormError } from "../components/form-error.tsx";

function ForgotPassword() {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return setError("Please enter an email address");
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (sent)
    return (
      <div className="card auth-card">
        <h1>Check Your Email</h1>
        <p>If an account exists for {email.trim()}, we have sent it a link to reset the password. The link works once, for one hour.</p>
        <Link to={paths.login()} className="button button-big">
          Back to Sign In
        </Link>
      </div>
    );
  return (
    <div className="card auth-card">
      <h1>Reset Password</h1>
      <p>Enter your account's email and we will send you a link to choose a new password.</p>
      <form onSubmit={submit} noValidate>
        <label className="field">
          <span>Email</span>
          <input name="email" type="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <FormError message={error} />
        <button type="submit" className="button button-big" disabled={busy}>
          {busy ? "Sending..." : "Send Reset Link"}
        </button>
      </form>
      <p className="center">
        <Link to={paths.login()}>Back to Sign In</Link>
      </p>
    </div>
  );
}

export function Component() {
  return (
    <RequireSignedOut>
      <ForgotPassword />
    </RequireSignedOut>
  );
}
