import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { resetCodeQueryOptions, useResetPassword } from "../features/session/api/auth-calls.ts";
import { errorMessage, isNetworkError } from "../lib/api.ts";
import { useFormMessage } from "../lib/form-message.ts";
import { lazyZodResolver } from "../lib/lazy-resolver.ts";
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

const rules = lazyZodResolver(() => import("../features/session/components/auth-forms.ts").then((m) => m.resetPasswordForm));

function ResetForm({ code, email }: { code: string; email: string }) {
  const form = useForm({ resolver: rules.resolver, defaultValues: { password: "", confirm: "" }, reValidateMode: "onSubmit" });
  useEffect(() => rules.preload(), []);
  const { id: messageId, message, invalid } = useFormMessage(form, ["confirm", "password"]);
  const reset = useResetPassword();

  const submit = form.handleSubmit(({ password }) =>
    reset.mutate({ code, password }, { onError: (err) => form.setError("root.server", { message: errorMessage(err) }) }),
  );

  if (reset.isSuccess) return <Done />;
  return (
    <div className="card auth-card">
      <h1>Reset Password</h1>
      <p>Choose a new password for {email}.</p>
      <form onSubmit={submit} noValidate>
        <label className="field">
          <span>New password</span>
          <input type="password" autoComplete="new-password" {...form.register("password")} {...invalid("password")} />
        </label>
        <label className="field">
          <span>Confirm new password</span>
          <input type="password" autoComplete="new-password" {...form.register("confirm")} {...invalid("confirm")} />
        </label>
        <FormError id={messageId} message={message} />
        <button type="submit" className="button button-big" disabled={reset.isPending}>
          {reset.isPending ? "Resetting..." : "Reset Password"}
        </button>
      </form>
    </div>
  );
}

function VerifiedReset({ code }: { code: string }) {
  const check = useQuery(resetCodeQueryOptions(code));
  if (check.isPending) return <Loading text="Verifying reset link..." />;
  // Unreachable server: the link may be fine, so say what happened and offer to check again.
  if (check.isError && isNetworkError(check.error))
    return (
      <div className="card auth-card">
        <h1>Reset Password</h1>
        <FormError message={errorMessage(check.error)} />
        <button type="button" className="button button-big" disabled={check.isFetching} onClick={() => void check.refetch()}>
          Try Again
        </button>
      </div>
    );
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
