import type { LocalDate, TimeZone } from "./types.ts";
import { addLocalDays, atLocalTime, localDateOf, localTimeOf } from "./zoned-time.ts";

/** SPEC §9 wheel geometry. */
export const WHEEL_HEIGHT = 216;
export const WHEEL_ITEM_HEIGHT = 36;

export type Period = "AM" | "PM";
export type PickerValue = { hour: number; minute: number; period: Period };

/** SPEC §5: the hour is clamped to 1–12; NaN or below 1 becomes 1. Example: 13 → 12, 0 → 1, 7.9 → 7. */
export function clampHour(hour: number): number {
  if (Number.isNaN(hour) || hour < 1) return 1;
  return Math.min(12, Math.trunc(hour));
}

/** SPEC §5: the minute is clamped to 0–59; NaN or below 0 becomes 0. Example: 75 → 59. */
export function clampMinute(minute: number): number {
  if (Number.isNaN(minute) || minute < 0) return 0;
  return Math.min(59, Math.trunc(minute));
}

/** 12-hour → 24-hour: 12 AM is midnight (0) and 12 PM is noon (12). Example: 7 PM → 19. */
export function to24Hour(hour: number, period: Period): number {
  const h = clampHour(hour) % 12;
  return period === "PM" ? h + 12 : h;
}

/** 24-hour → 12-hour. Example: 0 → 12 AM, 12 → 12 PM, 19 → 7 PM. */
export function from24Hour(hours24: number): { hour: number; period: Period } {
  const h = ((Math.trunc(hours24) % 24) + 24) % 24;
  return { hour: h % 12 === 0 ? 12 : h % 12, period: h < 12 ? "AM" : "PM" };
}

/** The picker's value for an instant, in the regimen's zone. */
export function pickerValueAt(instant: Date, zone: TimeZone): PickerValue {
  const [hh, mm] = localTimeOf(instant, zone).split(":").map(Number) as [number, number];
  return { ...from24Hour(hh), minute: mm };
}

/** The instant a picked time means on a local day, in the regimen's zone. */
export function pickerValueToInstant(date: LocalDate, value: PickerValue, zone: TimeZone): Date {
  const hh = String(to24Hour(value.hour, value.period)).padStart(2, "0");
  const mm = String(clampMinute(value.minute)).padStart(2, "0");
  return atLocalTime(date, `${hh}:${mm}`, zone);
}

const FUTURE_GRACE_MS = 5 * 60_000;

/**
 * The instant a time picked in the confirm dialog means: its most recent occurrence. A time more than 5 minutes
 * ahead of now is yesterday's (at 00:10, 11:50 PM is last night); one just ahead is now.
 * Example, now 14:00: 1:30 PM → today 13:30; 2:03 PM → now; 11:00 PM → yesterday 23:00.
 */
export function pickedInstant(now: Date, value: PickerValue, zone: TimeZone): Date {
  const today = pickerValueToInstant(localDateOf(now, zone), value, zone);
  if (today.getTime() > now.getTime() + FUTURE_GRACE_MS) return pickerValueToInstant(addLocalDays(localDateOf(now, zone), -1), value, zone);
  return today.getTime() > now.getTime() ? now : today;
}
