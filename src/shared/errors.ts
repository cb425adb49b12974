import { invitationEmailProblem, type InvitationEmailProblem } from "../domain/invitation-email.ts";

/**
 * The one catalogue of the API's errors: each code's HTTP status and its user-visible message (SPEC's wording,
 * byte for byte). The server throws `new AppError(code)`; the web may show `errorText(code)` for the same words.
 * A message is never parsed to choose a status: the code chooses it.
 */
export const ERRORS = {
  "auth.required": { status: 401, message: "Please sign in" },
  "access.forbidden": { status: 403, message: "You do not have permission to do that" },
  "account.not-found": { status: 404, message: "Account not found" },
  "user.not-found": { status: 404, message: "User data not found" },
  "route.not-found": { status: 404, message: "Not found" },
  "reset.invalid": { status: 400, message: "This password reset link is invalid or has expired" },

  "invitation.email-missing": { status: 400, message: "Please enter an email address" },
  "invitation.email-invalid": { status: 400, message: "Please enter a valid email address" },
  "invitation.own-email": { status: 400, message: "You cannot share access with yourself" },
  "invitation.already-sent": { status: 409, message: "An invitation has already been sent to this email" },
  "invitation.already-shared": { status: 409, message: "This user already has access to your account" },
  "invitation.too-many": {
    status: 409,
    message: (p: { max: number }) => `You can have at most ${p.max} pending invitations. Cancel one to send another.`,
  },
  "invitation.not-found": { status: 404, message: "Invitation not found" },
  "invitation.not-yours": { status: 403, message: "This invitation was not sent to your email address" },
  "invitation.already-accepted": { status: 409, message: "This invitation has already been accepted" },
  "invitation.rejected": { status: 409, message: "This invitation has been rejected" },
  "caregiver.not-found": { status: 404, message: "Caregiver not found" },

  "medication.not-found": { status: 404, message: "Medication not found" },
  /** A medication id in a body that the account does not have: the request is wrong, not the address. */
  "medication.unknown": { status: 400, message: "Medication not found" },
  "medication.too-many": {
    status: 409,
    message: (p: { max: number }) => `You can have at most ${p.max} custom medications. Delete one to add another.`,
  },

  "pill-log.future": { status: 400, message: "The dose time cannot be in the future" },
  "pill-log.skip-too-far": { status: 400, message: "A skip can be at most 24 hours ahead" },
  "pill-log.since-too-old": {
    status: 400,
    message: (p: { days: number }) => `since must be within the last ${p.days} days; read older days one date at a time`,
  },
  /** DESIGN §12's double-dose question; the domain words it (duplicateText) and the body carries `existing`. */
  "pill-log.duplicate": { status: 409, message: (p: { text: string }) => p.text },
  "pill-log.id-taken": { status: 409, message: "This log id is already used" },
  "pill-log.not-found": { status: 404, message: "Log not found" },

  "reminder.not-found": { status: 404, message: "Reminder not found" },
  "alert.owner-refused": { status: 403, message: "Missed-dose alerts are for the people this account is shared with" },
  "alert.not-found": { status: 404, message: "Alert not found" },
  "device.not-found": { status: 404, message: "Device not found" },
  "device.endpoint-not-https": { status: 400, message: "endpoint must be an https URL" },
  "device.gone": { status: 410, message: "This device no longer accepts notifications, so it was removed" },
  "device.push-refused": { status: 502, message: "The device's push service did not accept the test. Please try again." },
  "events.too-many": { status: 429, message: "Too many open pages are following live changes. Close some tabs and try again." },

  /** A body or query that fails its schema; the message is the schema's, naming the field. */
  "request.invalid": { status: 400, message: (p: { text: string }) => p.text },
  "request.bad-escape": { status: 400, message: "The address is not valid: it has a malformed %-escape" },
  "request.bad-character": { status: 400, message: "The address is not valid: it contains a character that is not allowed" },
  "request.segment-too-long": { status: 400, message: "The address is not valid: a part of it is too long" },
  "request.too-large": { status: 413, message: "Request body is too large" },
  "request.cross-origin": { status: 403, message: "Cross-origin request refused" },
  "request.not-json": { status: 415, message: "The request body must be JSON (Content-Type: application/json)" },
  "request.too-many-writes": { status: 429, message: "Too many changes in a short time. Please wait a minute and try again." },
  "server.unknown": { status: 500, message: "An unknown error occurred" },
} as const satisfies Record<string, { status: number; message: string | ((p: never) => string) }>;

export type ErrorCode = keyof typeof ERRORS;
/** The codes whose message takes no parameters. */
export type FixedErrorCode = { [C in ErrorCode]: (typeof ERRORS)[C]["message"] extends string ? C : never }[ErrorCode];
/** The parameters a code's message needs: none for a fixed message. */
export type ErrorParams<C extends ErrorCode> = (typeof ERRORS)[C]["message"] extends (p: infer P) => string ? [params: P] : [];

/** The user-visible text of an error code. Example: errorText("invitation.too-many", { max: 10 }) → "You can have at most 10 …". */
export function errorText<C extends ErrorCode>(code: C, ...params: ErrorParams<C>): string {
  const message = ERRORS[code].message as string | ((p: unknown) => string);
  return typeof message === "function" ? message(params[0]) : message;
}

/** The status of an error code. Example: errorStatus("invitation.already-sent") → 409. */
export function errorStatus(code: ErrorCode): (typeof ERRORS)[ErrorCode]["status"] {
  return ERRORS[code].status;
}

const INVITATION_PROBLEMS: Record<InvitationEmailProblem, FixedErrorCode> = {
  missing: "invitation.email-missing",
  invalid: "invitation.email-invalid",
  own: "invitation.own-email",
  "already-sent": "invitation.already-sent",
  "already-shared": "invitation.already-shared",
};

type InvitationContext = Parameters<typeof invitationEmailProblem>[1];

/** The code of SPEC §5's invitation check (the domain's), or null when the invitation may be sent. */
export function invitationEmailCode(email: string, ctx: InvitationContext): FixedErrorCode | null {
  const problem = invitationEmailProblem(email, ctx);
  return problem ? INVITATION_PROBLEMS[problem] : null;
}

/**
 * The same check's SPEC message, for the form. Example: the owner's own address in capitals →
 * "You cannot share access with yourself".
 */
export function invitationEmailError(email: string, ctx: InvitationContext): string | null {
  const code = invitationEmailCode(email, ctx);
  return code ? errorText(code) : null;
}
