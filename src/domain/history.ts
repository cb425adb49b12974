import type { LocalDate, TimeZone } from "./types.ts";
import { dayWindow } from "./zoned-time.ts";

/** SPEC §7: a date keeps the logs from 00:00:00.000 to 23:59:59.999 of that local day, in the regimen's zone. */
export function logsOnDay<T extends { timestamp: string }>(logs: readonly T[], date: LocalDate, zone: TimeZone): T[] {
  const { start, end } = dayWindow(date, zone);
  return logs.filter((l) => {
    const t = Date.parse(l.timestamp);
    return t >= start.getTime() && t <= end.getTime();
  });
}

/** History order: newest first; equal times keep a stable order by id. */
export function newestFirst<T extends { timestamp: string; id?: string }>(logs: readonly T[]): T[] {
  return [...logs].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp) || (a.id ?? "").localeCompare(b.id ?? ""));
}
