import type { MedicationConfig } from "./medications.ts";
import type { DoseLog, TimeZone } from "./types.ts";
import { atLocalTime } from "./zoned-time.ts";

/** Test helpers for the domain: instants by wall clock in a zone, logs, and medication builders. */
export const ZONES: readonly TimeZone[] = ["America/New_York", "Europe/London", "Asia/Kolkata", "Pacific/Auckland"];

/** DST days of 2026 (spring-forward, fall-back) per zone, and an ordinary day for the zones without DST. */
export const DST_DAYS: Record<string, string[]> = {
  "America/New_York": ["2026-03-08", "2026-11-01"],
  "Europe/London": ["2026-03-29", "2026-10-25"],
  "Pacific/Auckland": ["2026-09-27", "2026-04-05"],
  "Asia/Kolkata": ["2026-03-08"],
};

/** The days every time-dependent rule is run on, in every zone: an ordinary day plus the zone's DST days. */
export const DAYS_BY_ZONE: Array<[TimeZone, string]> = ZONES.flatMap((zone) =>
  ["2026-06-15", ...DST_DAYS[zone]!].map((day) => [zone, day] as [TimeZone, string]),
);

export const wall = (zone: TimeZone) => (date: string, time: string) => atLocalTime(date, time, zone);

export const logAt = (instant: Date, medicationId: string | null = null): DoseLog => ({ timestamp: instant.toISOString(), medicationId });

export function fixedMed(times: string[], overrides: Partial<MedicationConfig> = {}): MedicationConfig {
  return {
    id: "0b1f4c7e-2d1a-4a7b-9a55-custom000001",
    name: "Test fixed",
    description: "",
    isDefault: false,
    scheduleType: "fixed",
    fixedTimes: times,
    timingRules: { minInterval: 60, maxInterval: 720, recommendedInterval: 240, dailyFrequency: times.length || 1 },
    displayConfig: { pillLabel: "Sinemet", timingLabel: "Next" },
    ...overrides,
  };
}

export const skipAt = (instant: Date, medicationId: string | null = null, skipReason = "Side effects"): DoseLog => ({
  ...logAt(instant, medicationId),
  status: "skipped",
  skipReason,
});
