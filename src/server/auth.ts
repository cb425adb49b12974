import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { z } from "zod";
import { genericOAuth, oauthPopup } from "better-auth/plugins";
import { initialsOf } from "../domain/initials.ts";
import { hasUnsafeCharacter, unsafeCharacterMessage } from "../domain/input.schema.ts";
import { DEFAULT_MEDICATION_ID } from "../domain/medications.ts";
import { isTimeZone } from "../domain/time-zone.ts";
import { emailAddress, PASSWORD_LENGTH, personName } from "../shared/api-schemas.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import * as schema from "./db/schema.ts";
import type { Logger } from "./log.ts";
import type { Mailer } from "./mail.ts";
import { setMedicationIds } from "./medications.repository.ts";
import { issueMessage } from "./validate.ts";

/** The header our HTTP layer sets from the socket (or a trusted proxy); Better Auth rate-limits by it. */
export const CLIENT_IP_HEADER = "x-dosetime-client-ip";

export const RESET_TOKEN_SECONDS = 60 * 60;

/** The longest name (PATCH /api/me and sign-up refuse longer ones); a Google profile's is cut to it. */
const MAX_NAME = 100;

/**
 * SPEC §7: a Google user without a name is named after the e-mail prefix, else 'User'; cut to 100 characters
 * (whole code points), as the profile form allows. Example: displayNameFor(" ", "ann@x.test") → "ann".
 */
export function displayNameFor(name: string | undefined | null, email: string | undefined | null): string {
  const clean = (s: string | undefined | null) => [...(s ?? "").replace(/\p{Cc}/gu, "").trim()].slice(0, MAX_NAME).join("").trim();
  return clean(name) || clean(email?.split("@")[0]) || "User";
}

/** Sign-up's own fields, with the profile's rules (SPEC §5: 'Name is required'); Better Auth checks the rest. */
const signUpFields = z.object({ name: personName, email: emailAddress });

/** The first field (by dotted path) of a body or query that holds a control character or a lone surrogate. */
function unsafeField(value: unknown, path = ""): string | null {
  if (typeof value === "string") return hasUnsafeCharacter(value) ? path || "Input" : null;
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = hasUnsafeCharacter(key) ? "Field name" : unsafeField(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Better Auth's endpoints get the edge checks of our own routes (DESIGN §4): no NUL or lone surrogate anywhere
 * (PostgreSQL would answer a 500), and sign-up takes only what the form and PATCH /api/me take.
 */
const checkInput = createAuthMiddleware(async (ctx) => {
  const field = unsafeField(ctx.body) ?? unsafeField(ctx.query);
  if (field) throw new APIError("BAD_REQUEST", { message: unsafeCharacterMessage(field) });
  if (ctx.path === "/sign-up/email") {
    const parsed = signUpFields.safeParse(ctx.body ?? {});
    if (!parsed.success) throw new APIError("BAD_REQUEST", { message: issueMessage(parsed.error) });
  }
});

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/__/auth/action?mode=resetPassword&oobCode=${encodeURIComponent(token)}`;
}

export function createAuth(deps: { config: Config; db: Db; mailer: Mailer; logger: Logger }) {
  const { config, db, mailer } = deps;
  return betterAuth({
    appName: "Dosetime",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, { provider: "pg", schema }),
    // Better Auth's own messages (a refused origin or redirect, a failed callback) go to the server's log.
    // NOTE: it reports a refused request at "error"; that is a client's mistake, answered with a 4xx, so it is
    // logged as a warning. Real failures come through onAPIError below.
    logger: {
      level: "error",
      log: (level, message, ...args: unknown[]) =>
        deps.logger[level === "error" ? "warn" : level](
          { source: "better-auth", ...(args.length ? { args: args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : a)) } : {}) },
          message,
        ),
    },
    // NOTE: Better Auth logs every APIError, a user's 400 included, as an error; ours are answers, not faults.
    // Only a server-side failure goes to the log.
    onAPIError: {
      onError: (err) => {
        if (isAPIError(err) && err.status !== "INTERNAL_SERVER_ERROR") return;
        deps.logger.error({ source: "better-auth", err }, "auth request failed");
      },
    },
    // One way to change a profile, with one validation: PATCH /api/me (it also recomputes the initials).
    disabledPaths: ["/update-user"],
    hooks: { before: checkInput },
    user: {
      additionalFields: {
        initials: { type: "string", required: false, input: false, defaultValue: "" },
        timeZone: { type: "string", required: false, input: true, fieldName: "timeZone" },
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const name = displayNameFor(user.name, user.email);
            const zone = (user as { timeZone?: unknown }).timeZone;
            return {
              data: {
                ...user,
                name,
                initials: initialsOf(name),
                timeZone: typeof zone === "string" && isTimeZone(zone) ? zone : null,
              },
            };
          },
          // SPEC §4: a new account's list starts with the built-in medication.
          after: async (user) => {
            await setMedicationIds(db, user.id, [DEFAULT_MEDICATION_ID]);
          },
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_LENGTH.min,
      maxPasswordLength: PASSWORD_LENGTH.max,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      // NOTE: not awaited. The answer must not wait for the mail, or its timing tells a known e-mail from an
      // unknown one; a failed send is logged instead.
      sendResetPassword: async ({ user, token }) => {
        const link = resetLink(config.publicUrl, token);
        void mailer
          .send({
            to: user.email,
            subject: "Reset your Dosetime password",
            text:
              `Hello ${user.name},\n\nSomeone asked to reset the password of your Dosetime account.\n` +
              `To choose a new password, open this link within one hour:\n\n${link}\n\n` +
              `If it was not you, ignore this e-mail; your password stays the same.\n`,
          })
          .catch((err: unknown) => deps.logger.error({ userId: user.id, err: (err as Error).message }, "password-reset mail failed"));
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 10 },
        "/request-password-reset": { window: 60, max: 5 },
        "/reset-password": { window: 60, max: 10 },
      },
    },
    advanced: {
      // NOTE: Better Auth turns origin checks off by itself when it thinks it runs under a test runner; keep them on.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith("https:"),
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
    },
    plugins: [
      oauthPopup(),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "google",
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: config.google.discoveryUrl,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                  mapProfileToUser: (profile) => ({
                    name: displayNameFor(profile.name as string | undefined, profile.email as string | undefined),
                  }),
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
