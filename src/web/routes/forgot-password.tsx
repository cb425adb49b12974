import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { RequireSignedOut } from "../features/session/components/guards.tsx";
import { useRequestPasswordReset } from "../features/session/api/auth-calls.ts";
import { errorMessage } from "../lib/api.ts";
import { useFormMessage } from "../lib/form-message.ts";
import { lazyZodResolver } from "../lib/lazy-resolver.ts";
import { paths } from "../paths.ts";
import { FormError } from "../components/form-error.tsx";

const rules = lazyZodResolver(() => import("../features/session/components/auth-forms.ts").then((m) => m.forgotPasswordForm));

function ForgotPassword() {
  const form = useForm({ resolver: rules.resolver, defaultValues: { email: "" }, reValidateMode: "onSubmit" });
  useEffect(() => rules.preload(), []);
  const { id: messageId, message, invalid } = useFormMessage(form, ["email"]);
  const request = useRequestPasswordReset();

  const submit = form.handleSubmit(({ email }) =>
    request.mutate(email, { onError: (err) => form.setError("root.server", { message: errorMessage(err) }) }),
  );

  if (request.isSuccess)
    return (
      <div className="card auth-card">
        <h1>Check Your Email</h1>
        <p>If an account exists for {request.variables}, we have sent it a link to reset the password. The link works once, for one hour.</p>
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
          <input type="email" autoComplete="email" inputMode="email" {...form.register("email")} {...invalid("email")} />
        </label>
        <FormError id={messageId} message={message} />
        <button type="submit" className="button button-big" disabled={request.isPending}>
          {request.isPending ? "Sending..." : "Send Reset Link"}
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
