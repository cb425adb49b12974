import type { LocalDate } from "./types.ts";
import { addLocalDays } from "./zoned-time.ts";

/** A calendar month, "YYYY-MM". */
export type LocalMonth = string;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The month of a day. Example: "2026-03-08" → "2026-03". */
export const monthOf = (date: LocalDate): LocalMonth => date.slice(0, 7);

/** The first and last day of a month. Example: "2028-02" → ["2028-02-01", "2028-02-29"]. */
export function monthRange(month: LocalMonth): [LocalDate, LocalDate] {
  const first = `${month}-01`;
  return [first, addLocalDays(monthOf(addLocalDays(first, 31)) + "-01", -1)];
}

/** The month before or after. Example: addMonths("2026-12", 1) → "2027-01". */
export function addMonths(month: LocalMonth, n: number): LocalMonth {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** "March 2026" */
export function monthTitle(month: LocalMonth): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** "Sunday 8 March 2026" */
export function longDayTitle(date: LocalDate): string {
  const weekday = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][weekdayOf(date)];
  return `${weekday} ${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
}

/** 0 = Sunday. Calendar arithmetic on the date itself, no zone involved. */
export function weekdayOf(date: LocalDate): number {
  return new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)))).getUTCDay();
}

/**
 * The month as weeks of seven, Sunday first, with null outside the month.
 * Example: "2026-03" starts on a Sunday → the first week is 1–7 March.
 */
export function monthWeeks(month: LocalMonth): Array<Array<LocalDate | null>> {
  const [first, last] = monthRange(month);
  const cells: Array<LocalDate | null> = Array.from({ length: weekdayOf(first) }, () => null);
  for (let d = first; d <= last; d = addLocalDays(d, 1)) cells.push(d);
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}
