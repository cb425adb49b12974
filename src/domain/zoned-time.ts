import { TZDate } from "@date-fns/tz";
import type { IsoInstant, LocalDate, LocalTime, TimeZone } from "./types.ts";

// Every conversion between instants and wall-clock times goes through @date-fns/tz; no offset arithmetic here.

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The local calendar day of an instant. Example: 2026-03-08T04:30Z in America/New_York → "2026-03-07". */
export function localDateOf(instant: Date | IsoInstant, zone: TimeZone): LocalDate {
  const d = new TZDate(new Date(instant).getTime(), zone);
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function parseLocalDate(date: LocalDate): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
}

/** "HH:MM" → [hours, minutes], or null when it is not a valid 24-hour time. Example: "7:05" → null. */
export function parseLocalTime(time: LocalTime): [number, number] | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

// NOTE: the reminder scheduler asks for the same few days' dose times of many accounts on every pass, and the page
// for the same dose times at every tick of its clock (each card's state, DESIGN §9 idle CPU). Each answer costs
// several Intl look-ups: the instants are remembered (a pure function's; a zone's rules do not change while we run).
const MAX_REMEMBERED = 20_000;
const remembered = new Map<string, number>();

/**
 * The instant a wall-clock time happens on a local day. A time skipped by a DST jump moves forward by the jump
 * (02:30 on a spring-forward day in New York → 03:30 EDT); a repeated time is its first occurrence.
 */
export function atLocalTime(date: LocalDate, time: LocalTime, zone: TimeZone): Date {
  const key = `${date} ${time} ${zone}`;
  const known = remembered.get(key);
  if (known !== undefined) return new Date(known);
  const [y, mo, d] = parseLocalDate(date);
  const t = parseLocalTime(time);
  if (!t) throw new RangeError(`not an HH:MM time: ${time}`);
  const at = new TZDate(y, mo, d, t[0], t[1], 0, 0, zone).getTime();
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(key, at);
  return new Date(at);
}

/** The day after (or `days` after) a local date. Example: "2026-12-31" + 1 → "2027-01-01". */
export function addLocalDays(date: LocalDate, days: number): LocalDate {
  const [y, mo, d] = parseLocalDate(date);
  const next = new Date(Date.UTC(y, mo, d + days));
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/**
 * A local day as instants: from its first instant (00:00:00.000, or the first that exists) to the last
 * millisecond before the next day. Example: 2026-03-08 in New York is 23 hours long.
 */
export function dayWindow(date: LocalDate, zone: TimeZone): { start: Date; end: Date } {
  const start = atLocalTime(date, "00:00", zone);
  const next = atLocalTime(addLocalDays(date, 1), "00:00", zone);
  return { start, end: new Date(next.getTime() - 1) };
}

/** "2:05 PM": how the app shows a time of day. */
export function formatClock(instant: Date | IsoInstant, zone: TimeZone): string {
  const d = new TZDate(new Date(instant).getTime(), zone);
  const h = d.getHours();
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(d.getMinutes())} ${h < 12 ? "AM" : "PM"}`;
}

/** The local "HH:MM" of an instant. */
export function localTimeOf(instant: Date | IsoInstant, zone: TimeZone): LocalTime {
  const d = new TZDate(new Date(instant).getTime(), zone);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
