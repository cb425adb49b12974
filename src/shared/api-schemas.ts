import { z } from "zod";
import { isTimeZone } from "../domain/time-zone.ts";

/** Request bodies shared by the server (validation) and the web (types). Unknown fields are rejected. */
export const updateMeBody = z.strictObject({
  name: z.string().trim().min(1, "Name is required").max(100, "Name must be at most 100 characters").optional(),
  timeZone: z.string().refine(isTimeZone, "Time zone must be an IANA zone such as Europe/London").optional(),
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

const medicationId = z.string().trim().min(1, "Medication not found").max(100, "Medication not found");

export const putMedicationsBody = z.strictObject({
  medicationIds: z.array(medicationId, { error: "medicationIds must be a list" }).max(50, "At most 50 medications"),
});

const isoInstant = z.iso.datetime({ offset: true, error: "timestamp must be an ISO date and time, such as 2026-05-01T08:00:00Z" });

export const savePillLogBody = z.strictObject({
  id: z.uuid({ error: "id must be a UUID" }).optional(),
  timestamp: isoInstant,
  medicationId: medicationId.nullable().optional(),
});
export type SavePillLogBody = z.infer<typeof savePillLogBody>;

export const pillLogsQuery = z.strictObject({
  date: z.iso.date({ error: "date must be YYYY-MM-DD" }).optional(),
  since: z.iso.datetime({ offset: true, error: "since must be an ISO date and time" }).optional(),
  medicationId: medicationId.optional(),
});
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
};

export const createInvitationBody = z.strictObject({
  email: z.string({ error: "Please enter an email address" }).max(254, "Please enter a valid email address"),
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
