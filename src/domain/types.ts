/** Units and shapes the rules speak in (CONVENTIONS: domain types name their units). */
export type Minutes = number;
/** An instant as an ISO-8601 string with offset or Z, e.g. "2026-03-08T13:05:00.000Z". */
export type IsoInstant = string;
/** An IANA zone, e.g. "Europe/London". */
export type TimeZone = string;
/** A calendar day in some zone, "YYYY-MM-DD". */
export type LocalDate = string;
/** A wall-clock time, "HH:MM" (24-hour). */
export type LocalTime = string;

/** A log records a dose taken (the default) or a dose deliberately skipped (DESIGN §12). */
export type DoseStatus = "taken" | "skipped";

/**
 * What the rules need of a pill log. A log without a medication belongs to the built-in medication; a log without a
 * status is a dose taken. A skip takes its dose slot like a dose but is no dose: it starts no food restriction.
 */
export type DoseLog = { timestamp: IsoInstant; medicationId?: string | null; status?: DoseStatus; skipReason?: string | null };

/** Whether a log is a skip rather than a dose. Example: {status: 'skipped'} → true; {} → false. */
export const isSkipped = (log: DoseLog): boolean => log.status === "skipped";

export const MINUTE_MS = 60_000;
