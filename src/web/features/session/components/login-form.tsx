import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { FormError } from "../../../components/form-error.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { paths } from "../../../paths.ts";
import { fetchPublicConfig, signInWithEmail, signInWithGoogle, signUpWithEmail } from "../api/auth-calls.ts";
import { useRefreshSession } from "../api/session.ts";

type Mode = "signin" | "signup";

/** SPEC §5 sign-up rules, in SPEC's order. Returns the first message, or null when the form may be sent. */
export function loginFormError(mode: Mode, f: { name: string; email: string; password: string; confirm: string }): string | null {
  if (!f.email.trim() || !f.password) return "Email and password are required";
  if (mode === "signin") return null;
  if (f.password !== f.confirm) return "Passwords do not match";
  if (f.password.length < 6) return "Password must be at least 6 characters";
  if (!f.name.trim()) return "Name is required";
  return null;
}

/** Sign in or sign up. `onSignedIn` decides where to go next; `returnTo` is where Google brings the user back. */
export function LoginForm({ onSignedIn, returnTo }: { onSignedIn: (userId: string) => void; returnTo: string }) {
  const [mode, setMode] = useState<Mode>("signin");
  const [fields, setFields] = useState({ name: "", email: "", password: "", confirm: "" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refreshSession = useRefreshSession();
  const config = useQuery({ queryKey: ["public-config"], queryFn: fetchPublicConfig, staleTime: Infinity });
  const id = useId();
  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));

  const finish = async () => {
    const user = await refreshSession();
    if (!user) throw new Error("User data not found");
    onSignedIn(user.id);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = loginFormError(mode, fields);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      if (mode === "signin") await signInWithEmail(fields.email.trim(), fields.password);
      else await signUpWithEmail(fields.name.trim(), fields.email.trim(), fields.password);
      await finish();
    } catch (err) {
      setError(errorMessage(err, mode === "signin" ? "Sign in failed" : "Sign up failed"));
      setBusy(false);
    }
  };

  const google = async () => {
    setError(null);
    setBusy(true);
    try {
      if (await signInWithGoogle(returnTo)) await finish();
      else setBusy(false);
    } catch (err) {
      setError(errorMessage(err, "Google sign-in failed"));
      setBusy(false);
    }
  };

  const toggle = () => {
    setMode((m) => (m === "signin" ? "signup" : "signin"));
    setError(null);
  };

  return (
    <div className="card auth-card">
      <h1>{mode === "signin" ? "Welcome Back" : "Create Account"}</h1>
      <form onSubmit={submit} noValidate aria-describedby={error ? `${id}-error` : undefined}>
        {mode === "signup" && (
          <label className="field">
            <span>Full name</span>
            <input name="name" autoComplete="name" value={fields.name} onChange={set("name")} />
          </label>
        )}
        <label className="field">
          <span>Email</span>
          <input name="email" type="email" autoComplete="email" inputMode="email" value={fields.email} onChange={set("email")} />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            name="password"
            type="password"
            autoComplete={mode === "signin" ? "current-password" : "new-password"}
            value={fields.password}
            onChange={set("password")}
          />
        </label>
        {mode === "signup" && (
          <label className="field">
            <span>Confirm password</span>
            <input name="confirm" type="password" autoComplete="new-password" value={fields.confirm} onChange={set("confirm")} />
          </label>
        )}
        <FormError id={`${id}-error`} message={error} />
        <button type="submit" className="button button-big" disabled={busy}>
          {busy ? "Please wait..." : mode === "signin" ? "Sign In" : "Create Account"}
        </button>
      </form>
      {mode === "signin" && (
        <p className="center">
          <Link to={paths.forgotPassword()}>Forgot password?</Link>
        </p>
      )}
      {config.data?.googleEnabled && (
        <>
          <p className="divider" aria-hidden="true">
            <span>or</span>
          </p>
          <button type="button" className="button button-secondary button-big" onClick={google} disabled={busy}>
            Continue with Google
          </button>
        </>
      )}
      <p className="center">
        <button type="button" className="link-button" onClick={toggle}>
          {mode === "signin" ? "Don't have an account? Sign up" : "Already have an account? Sign in"}
        </button>
      </p>
    </div>
  );
}
