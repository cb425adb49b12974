import type { Adherence } from "../domain/adherence.ts";
import { z } from "zod";
import { ALERT_DELAY } from "../domain/alerts.ts";
import { MAX_SKIP_REASON_LENGTH } from "../domain/dose-guard.ts";
import { isoInstant, localDate, text } from "../domain/input.schema.ts";
import { isTimeZone } from "../domain/time-zone.ts";
import type { DoseStatus } from "../domain/types.ts";

/** A person's name, the same on sign-up and on the profile: required, trimmed, at most 100 characters. */
export const personName = text("Name", 100, { required: "Name is required" });
/** An e-mail address as typed (its format is checked where it is used): at most 254 characters (RFC 5321). */
export const emailAddress = text("Email", 254, { required: "Please enter an email address", tooLong: "Please enter a valid email address" });
/** A password's length as Better Auth enforces it (src/server/auth.ts); SPEC §5 words the lower bound. */
export const PASSWORD_LENGTH = { min: 6, max: 128 } as const;
export const timeZone = z
  .string({ error: "Time zone must be an IANA zone such as Europe/London" })
  .refine(isTimeZone, "Time zone must be an IANA zone such as Europe/London");

/** Request bodies shared by the server (validation) and the web (types). Unknown fields are rejected. */
export const updateMeBody = z.strictObject({
  name: personName.optional(),
  timeZone: timeZone.optional(),
});
export type UpdateMeBody = z.infer<typeof updateMeBody>;

/** What the API answers about an account (GET /api/me, GET /api/accounts/:id). */
export type AccountDto = {
  id: string;
  name: string;
  email: string;
  initials: string;
  timeZone: string | null;
  isOwnAccount: boolean;
};

export { medicationConfigInput as customMedicationBody } from "../domain/medication-config.schema.ts";

const medicationId = text("Medication id", 100, { required: "Medication not found", tooLong: "Medication not found" });

export const putMedicationsBody = z.strictObject({
  medicationIds: z.array(medicationId, { error: "medicationIds must be a list" }).max(50, "At most 50 medications"),
});

export const savePillLogBody = z
  .strictObject({
    id: z.uuid({ error: "id must be a UUID" }).optional(),
    timestamp: isoInstant("timestamp"),
    medicationId: medicationId.nullable().optional(),
    // DESIGN §12: a skip, with its reason (one of SKIP_REASONS or the person's own words).
    status: z.enum(["taken", "skipped"], { error: "status must be 'taken' or 'skipped'" }).optional(),
    skipReason: text("The reason", MAX_SKIP_REASON_LENGTH, { required: "Please choose why the dose is skipped" }).nullable().optional(),
    // The person saw "Already logged by …" and chose to log another dose anyway.
    confirmDuplicate: z.boolean({ error: "confirmDuplicate must be true or false" }).optional(),
  })
  .superRefine((body, ctx) => {
    const skipped = body.status === "skipped";
    if (skipped && !body.skipReason) ctx.addIssue({ code: "custom", path: ["skipReason"], message: "Please choose why the dose is skipped" });
    if (!skipped && body.skipReason) ctx.addIssue({ code: "custom", path: ["skipReason"], message: "A reason is given only for a skipped dose" });
  });
export type SavePillLogBody = z.infer<typeof savePillLogBody>;

/** A history read asks for one local day (`date`, DESIGN §4) or everything from an instant (`since`), never both. */
export const pillLogsQuery = z
  .strictObject({
    date: localDate("date").optional(),
    since: isoInstant("since").optional(),
    medicationId: medicationId.optional(),
  })
  .refine((q) => !(q.date && q.since), "Give either date or since, not both");
export type PillLogsQuery = z.infer<typeof pillLogsQuery>;

/** A pill log as the API answers it: SPEC §3 fields, with the medication's name attached. */
export type PillLogDto = {
  id: string;
  userId: string;
  timestamp: string;
  createdAt: string;
  loggedByUserId: string;
  loggedByName: string;
  medicationId: string | null;
  medicationName: string;
  status: DoseStatus;
  skipReason: string | null;
};

/** The 409 of DESIGN §12: the log that makes a new one a possible double dose. */
export type DuplicateDoseError = { error: string; existing: PillLogDto };

export const createInvitationBody = z.strictObject({
  email: emailAddress,
});

/** SPEC §3 share invitation, as the API answers it. */
export type InvitationDto = {
  id: string;
  ownerUserId: string;
  ownerName: string;
  ownerEmail: string;
  invitedEmail: string;
  status: string;
  createdAt: string;
};
/** SPEC §3 shared access, as the API answers it. */
export type SharedAccessDto = {
  id: string;
  ownerUserId: string;
  ownerName: string;
  ownerEmail: string;
  sharedWithUserId: string;
  sharedWithName: string;
  sharedWithEmail: string;
  createdAt: string;
};
/** GET /api/me/accounts: the header's account switcher. */
export type MyAccountsDto = { own: { id: string; name: string }; shared: Array<{ id: string; name: string; email: string; since: string }> };

/** DESIGN §13: a history or report covers at most 366 days. */
export const MAX_HISTORY_DAYS = 366;
const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both included: from not after to, at most 366 days. */
export const historyRangeQuery = z
  .strictObject({
    from: z.iso.date({ error: "from must be a date, YYYY-MM-DD" }),
    to: z.iso.date({ error: "to must be a date, YYYY-MM-DD" }),
  })
  .refine((q) => q.from <= q.to, { error: "from must not be after to" })
  .refine((q) => dayNumber(q.to) - dayNumber(q.from) + 1 <= MAX_HISTORY_DAYS, {
    error: `The range can be at most ${MAX_HISTORY_DAYS} days`,
  });
export type HistoryRangeQuery = z.infer<typeof historyRangeQuery>;

/** GET …/adherence: the account's doses judged against their schedule, in the account's zone. */
export type AdherenceDto = Adherence & { accountName: string };

const base64url = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} is required` })
    .min(min, `${field} is not a valid key`)
    .max(max, `${field} is not a valid key`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${field} is not a valid key`);

/** POST /api/me/devices: a browser's PushSubscription.toJSON(), and an optional name for the list. */
export const registerDeviceBody = z.strictObject({
  endpoint: text("endpoint", 2048, { required: "endpoint is required" }).refine(
    (v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol),
    "endpoint must be an https URL",
  ),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64url("keys.p256dh", 80, 100), auth: base64url("keys.auth", 16, 32) }),
  label: text("label", 60, { required: "label cannot be empty" }).optional(),
});
export type RegisterDeviceBody = z.infer<typeof registerDeviceBody>;

/** A device that receives reminders, as GET /api/me/devices answers it. */
export type DeviceDto = {
  id: string;
  label: string;
  endpoint: string;
  createdAt: string;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
};

/** GET/PATCH /api/me/reminder-settings (DESIGN §11): each kind on or off, and e-mail when no device works. */
export type ReminderSettingsDto = { doseDue: boolean; preDose: boolean; followUp: boolean; food: boolean; emailFallback: boolean };
const flag = (field: string) => z.boolean({ error: `${field} must be true or false` }).optional();
export const patchReminderSettingsBody = z.strictObject({
  doseDue: flag("doseDue"),
  preDose: flag("preDose"),
  followUp: flag("followUp"),
  food: flag("food"),
  emailFallback: flag("emailFallback"),
});
export type PatchReminderSettingsBody = z.infer<typeof patchReminderSettingsBody>;

/** POST /api/me/reminders/:key/snooze. */
export const snoozeBody = z.strictObject({
  minutes: z
    .number({ error: "minutes must be a number" })
    .int("minutes must be a whole number")
    .min(5, "minutes must be between 5 and 60")
    .max(60, "minutes must be between 5 and 60"),
});

/** PUT /api/accounts/:userId/missed-dose-alert: the caregiver's delay after a dose's time (DESIGN §12). */
export const missedDoseAlertBody = z.strictObject({
  delayMinutes: z
    .number({ error: `delayMinutes must be a number` })
    .int("delayMinutes must be a whole number")
    .min(ALERT_DELAY.min, `delayMinutes must be between ${ALERT_DELAY.min} and ${ALERT_DELAY.max}`)
    .max(ALERT_DELAY.max, `delayMinutes must be between ${ALERT_DELAY.min} and ${ALERT_DELAY.max}`),
});
export type MissedDoseAlertBody = z.infer<typeof missedDoseAlertBody>;
/** The signed-in caregiver's "Alert me when {owner} misses a dose": off answers the default delay. */
export type MissedDoseAlertDto = { enabled: boolean; delayMinutes: number };
/** POST /api/me/alerts/:key/acknowledge: who is on it (the first to answer) and since when. */
export type AcknowledgeAlertDto = { key: string; acknowledgedBy: string; acknowledgedAt: string };
