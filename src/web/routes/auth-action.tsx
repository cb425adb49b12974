import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { resetPassword, verifyResetCode } from "../features/session/api/auth-calls.ts";
import { errorMessage } from "../lib/api.ts";
import { paths } from "../paths.ts";
import { Loading } from "../components/loading.tsx";
import { FormError } from "../components/form-error.tsx";

const REDIRECT_MS = 3000; // SPEC §9 reset redirect delay

function InvalidLink({ message }: { message: string }) {
  return (
    <div className="card auth-card">
      <h1>Invalid Reset Link</h1>
      <FormError message={message} />
      <Link to={paths.forgotPassword()} className="button button-big">
        Request New Link
      </Link>
    </div>
  );
}

function Done() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(paths.login(), { replace: true }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="card auth-card">
      <h1>Password Reset Successful!</h1>
      <p role="status">Redirecting you to sign in...</p>
      <Link to={paths.login()} className="button button-big">
        Sign In Now
      </Link>
    </div>
  );
}

function ResetForm({ code, email }: { code: string; email: string }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password !== confirm) return setError("Passwords do not match");
    if (password.length < 6) return setError("Password must be at least 6 characters");
    setError(null);
    setBusy(true);
    try {
      await resetPassword(code, password);
      setDone(true);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  if (done) return <Done />;
  return (
    <div className="card auth-card">
      <h1>Reset Password</h1>
      <p>Choose a new password for {email}.</p>
      <form onSubmit={submit} noValidate>
        <label className="field">
          <span>New password</span>
          <input name="password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <label className="field">
          <span>Confirm new password</span>
          <input name="confirm" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </label>
        <FormError message={error} />
        <button type="submit" className="button button-big" disabled={busy}>
          {busy ? "Resetting..." : "Reset Password"}
        </button>
      </form>
    </div>
  );
}

function VerifiedReset({ code }: { code: string }) {
  const check = useQuery({
    queryKey: ["reset-code", code],
    queryFn: () => verifyResetCode(code),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  if (check.isPending) return <Loading text="Verifying reset link..." />;
  if (check.isError) return <InvalidLink message={errorMessage(check.error, "This password reset link is invalid or has expired")} />;
  return <ResetForm code={code} email={check.data.email} />;
}

/** /__/auth/action?mode=resetPassword&oobCode=… (DESIGN §6.7). */
export function Component() {
  const [params] = useSearchParams();
  const code = params.get("oobCode");
  const mode = params.get("mode");
  if (!code) return <InvalidLink message="Invalid or missing reset code" />;
  if (mode && mode !== "resetPassword") return <InvalidLink message="Invalid reset code" />;
  return <VerifiedReset code={code} />;
}
