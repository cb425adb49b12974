import { z } from "zod";
import { emailAddress, PASSWORD_LENGTH, personName } from "../../../../shared/api-schemas.ts";

// The rules of the sign-in, sign-up and password forms (SPEC §5), for `zodResolver`. These forms show one message at
// a time: each rule aborts the ones after it, so the first broken rule in SPEC's order is the one shown, on its field.

type Passwords = { password: string; confirm: string };

const passwordsMatch = z.refine<Passwords>((f) => f.password === f.confirm, {
  abort: true,
  path: ["confirm"],
  message: "Passwords do not match",
});
const passwordLongEnough = z.refine<Passwords>((f) => f.password.length >= PASSWORD_LENGTH.min, {
  abort: true,
  path: ["password"],
  message: `Password must be at least ${PASSWORD_LENGTH.min} characters`,
});

/** The login screen's fields; sign-in uses the e-mail and password only. */
export type LoginFields = { name: string; email: string; password: string; confirm: string };

const loginFields = z.object({ name: z.string(), email: z.string().trim(), password: z.string(), confirm: z.string() });
const filled = (field: "email" | "password") =>
  z.refine<LoginFields>((f) => f[field] !== "", { abort: true, path: [field], message: "Email and password are required" });

/** Sign-in: an e-mail (trimmed) and a password; Better Auth judges the rest. Example: a blank e-mail → "Email and password are required". */
export const signInForm: z.ZodType<LoginFields, LoginFields> = loginFields.check(filled("email"), filled("password"));

/**
 * SPEC §5 sign-up, in SPEC's order: e-mail and password, matching passwords, their length, then the profile's name
 * rule (trimmed, required). Example: everything blank → "Email and password are required" only.
 */
export const signUpForm: z.ZodType<LoginFields, LoginFields> = loginFields
  .check(filled("email"), filled("password"), passwordsMatch, passwordLongEnough)
  .pipe(loginFields.extend({ name: personName }));

/** SPEC §5 reset: the confirmation matches, then the length. Example: "short"/"short" → "Password must be at least 6 characters". */
export const resetPasswordForm = z.object({ password: z.string(), confirm: z.string() }).check(passwordsMatch, passwordLongEnough);

/** Forgot password: an e-mail address as typed anywhere (trimmed, required). Example: "  " → "Please enter an email address". */
export const forgotPasswordForm = z.object({ email: emailAddress });
