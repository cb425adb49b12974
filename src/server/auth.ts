import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth, oauthPopup } from "better-auth/plugins";
import { initialsOf } from "../domain/initials.ts";
import { DEFAULT_MEDICATION_ID } from "../domain/medications.ts";
import { isTimeZone } from "../domain/time-zone.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import * as schema from "./db/schema.ts";
import type { Mailer } from "./mail.ts";
import { setMedicationIds } from "./medications.repository.ts";

/** The header our HTTP layer sets from the socket (or a trusted proxy); Better Auth rate-limits by it. */
export const CLIENT_IP_HEADER = "x-dosetime-client-ip";

export const RESET_TOKEN_SECONDS = 60 * 60;

/** SPEC §7: a Google user without a name is named after the e-mail prefix, else 'User'. */
export function displayNameFor(name: string | undefined | null, email: string | undefined | null): string {
  const trimmed = name?.trim();
  if (trimmed) return trimmed;
  const prefix = email?.split("@")[0]?.trim();
  return prefix || "User";
}

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/__/auth/action?mode=resetPassword&oobCode=${encodeURIComponent(token)}`;
}

export function createAuth(deps: { config: Config; db: Db; mailer: Mailer }) {
  const { config, db, mailer } = deps;
  return betterAuth({
    appName: "Dosetime",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, { provider: "pg", schema }),
    logger: { level: "error" },
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
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      sendResetPassword: async ({ user, token }) => {
        const link = resetLink(config.publicUrl, token);
        await mailer.send({
          to: user.email,
          subject: "Reset your Dosetime password",
          text:
            `Hello ${user.name},\n\nSomeone asked to reset the password of your Dosetime account.\n` +
            `To choose a new password, open this link within one hour:\n\n${link}\n\n` +
            `If it was not you, ignore this e-mail; your password stays the same.\n`,
        });
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
