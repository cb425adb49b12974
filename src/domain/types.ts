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

/** What the rules need of a pill log. A log without a medication belongs to the built-in medication. */
export type DoseLog = { timestamp: IsoInstant; medicationId?: string | null };

export const MINUTE_MS = 60_000;
