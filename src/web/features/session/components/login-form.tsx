import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { FormError } from "../../../components/form-error.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useFormMessage } from "../../../lib/form-message.ts";
import { lazyZodResolver } from "../../../lib/lazy-resolver.ts";
import { paths } from "../../../paths.ts";
import { publicConfigQueryOptions, useEmailSignIn, useGoogleSignIn } from "../api/auth-calls.ts";
import type { LoginFields } from "./auth-forms.ts";

const EMPTY_LOGIN: LoginFields = { name: "", email: "", password: "", confirm: "" };
const signInRules = lazyZodResolver(() => import("./auth-forms.ts").then((m) => m.signInForm));
const signUpRules = lazyZodResolver(() => import("./auth-forms.ts").then((m) => m.signUpForm));

type Mode = "signin" | "signup";

/** Sign in or sign up. `onSignedIn` decides where to go next; `returnTo` is where Google brings the user back. */
export function LoginForm({ onSignedIn, returnTo }: { onSignedIn: (userId: string) => void; returnTo: string }) {
  const [mode, setMode] = useState<Mode>("signin");
  // One message per press: no re-check while typing, so the alert is not re-announced at each key.
  const form = useForm({
    resolver: (mode === "signin" ? signInRules : signUpRules).resolver,
    defaultValues: EMPTY_LOGIN,
    reValidateMode: "onSubmit",
  });
  useEffect(() => {
    signInRules.preload();
    signUpRules.preload();
  }, []);
  const { id: messageId, message, invalid } = useFormMessage(form, ["email", "password", "confirm", "name"]);
  const emailSignIn = useEmailSignIn();
  const googleSignIn = useGoogleSignIn();
  // Busy until the page moves on: a signed-in user is not offered the buttons again.
  const busy = emailSignIn.isPending || googleSignIn.isPending || emailSignIn.isSuccess || Boolean(googleSignIn.data);
  const config = useQuery(publicConfigQueryOptions);
  const failed = (fallback: string) => (err: Error) => form.setError("root.server", { message: errorMessage(err, fallback) });

  const submit = form.handleSubmit(({ name, email, password }) =>
    emailSignIn.mutate(
      { mode, name, email, password },
      { onSuccess: (user) => onSignedIn(user.id), onError: failed(mode === "signin" ? "Sign in failed" : "Sign up failed") },
    ),
  );

  const google = () => {
    form.clearErrors();
    googleSignIn.mutate(returnTo, { onSuccess: (user) => user && onSignedIn(user.id), onError: failed("Google sign-in failed") });
  };

  const toggle = () => {
    setMode((m) => (m === "signin" ? "signup" : "signin"));
    form.clearErrors();
  };

  return (
    <div className="card auth-card">
      <h1>{mode === "signin" ? "Welcome Back" : "Create Account"}</h1>
      <form onSubmit={submit} noValidate aria-describedby={message ? messageId : undefined}>
        {mode === "signup" && (
          <label className="field">
            <span>Full name</span>
            <input autoComplete="name" {...form.register("name")} {...invalid("name")} />
          </label>
        )}
        <label className="field">
          <span>Email</span>
          <input type="email" autoComplete="email" inputMode="email" {...form.register("email")} {...invalid("email")} />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            type="password"
            autoComplete={mode === "signin" ? "current-password" : "new-password"}
            {...form.register("password")}
            {...invalid("password")}
          />
        </label>
        {mode === "signup" && (
          <label className="field">
            <span>Confirm password</span>
            <input type="password" autoComplete="new-password" {...form.register("confirm")} {...invalid("confirm")} />
          </label>
        )}
        <FormError id={messageId} message={message} />
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
