import { logMedicationId, type MedicationConfig } from "./medications.ts";
import { fixedSlotsOn, matchLogsToSlots, type FixedSlot } from "./schedule.ts";
import { MINUTE_MS, type DoseLog, type IsoInstant, type LocalDate, type Minutes, type TimeZone } from "./types.ts";
import { addLocalDays, dayWindow, formatClock, localDateOf } from "./zoned-time.ts";

/** DESIGN §13: a dose is on time within 15 minutes either side of its time. */
export const ON_TIME_MINUTES = 15;

/** A medication's config from the instant it took effect (custom_medication_versions; the catalogue's for built-ins). */
export type MedicationVersion = { validFrom: IsoInstant; config: MedicationConfig };
/** A stretch of time the medication was in the user's tracked list; `until` null while it still is. */
export type TrackedPeriod = { from: IsoInstant; until: IsoInstant | null };
/** Everything the history needs of one medication; `firstLogAt` is its earliest log ever, when the logs given start later. */
export type MedicationHistory = {
  id: string;
  versions: readonly MedicationVersion[];
  tracked: readonly TrackedPeriod[];
  firstLogAt?: IsoInstant | null;
};
/** A log as the history reads it: who logged it comes along. */
export type HistoryLog = DoseLog & { id: string; loggedByName?: string | null; loggedByUserId?: string | null };

/**
 * - on-time / early / late: taken, within ±15 minutes of its time or not (a flexible day's first dose sets the
 *   day's schedule, so it is on time);
 * - missed: its time (and 30-minute window) passed with no log; skipped: a skip log took it (with its reason);
 * - pending: not yet due, or still inside its window, at `now`;
 * - extra: a log that took no scheduled dose (a second log for one slot, a dose on an untracked day).
 */
export type AdherenceStatus = "on-time" | "early" | "late" | "missed" | "skipped" | "pending" | "extra";

export type DoseRecord = {
  date: LocalDate;
  medicationId: string;
  medicationName: string;
  pillLabel: string;
  scheduleType: "fixed" | "flexible";
  /** Fixed: "HH:MM"; flexible: "Dose 2" (its place in the day). */
  slot: string | null;
  scheduledAt: IsoInstant | null;
  takenAt: IsoInstant | null;
  /** Signed: negative early, positive late. Null with nothing to compare. */
  minutesOff: Minutes | null;
  status: AdherenceStatus;
  skipReason: string | null;
  logId: string | null;
  loggedByName: string | null;
  loggedByUserId: string | null;
  /** Minutes since the previous dose taken of this medication (any day), when there was one. */
  intervalMinutes: Minutes | null;
  /** Flexible: the interval the schedule asks for. */
  recommendedInterval: Minutes | null;
  /** Taken less than minInterval after the previous dose. */
  tooSoon: boolean;
  /** The caregivers' missed-dose alerts about this dose (DESIGN §12), when there were any. */
  alerts?: DoseAlert[];
};

export type AdherenceSummary = {
  /** Doses that were due: everything but pending and extra. */
  scheduled: number;
  pending: number;
  onTime: number;
  early: number;
  late: number;
  missed: number;
  skipped: number;
  extra: number;
  tooSoon: number;
  /** Doses with minutes off, and how many of them were within ±15 and ±30 minutes. */
  timed: number;
  within15: number;
  within30: number;
  /** Median of |minutes off| over the timed doses. */
  medianMinutesOff: Minutes | null;
  skippedByReason: Array<{ reason: string; count: number }>;
};

export type DayAdherence = { date: LocalDate; doses: DoseRecord[]; summary: AdherenceSummary };
export type Adherence = { from: LocalDate; to: LocalDate; zone: TimeZone; days: DayAdherence[]; summary: AdherenceSummary };

const iso = (t: number) => new Date(t).toISOString();
const time = (l: DoseLog) => Date.parse(l.timestamp);
const isSkip = (l: DoseLog) => l.status === "skipped";

/** The config in force on a day: the latest version that took effect before the day ended (an edit applies to its whole day, as on the card). */
function configOn(versions: readonly MedicationVersion[], dayEnd: number): MedicationConfig {
  let chosen = versions[0]!;
  for (const v of versions) if (Date.parse(v.validFrom) <= dayEnd) chosen = v;
  return chosen.config;
}

/**
 * Tracked stretches as [start, end) instants. The first starts at the beginning of the earlier of the day it was
 * first tracked and the day of the earliest log, so back-dated doses are judged (DESIGN §13).
 */
function trackedWindows(med: MedicationHistory, earliestLog: number | null, zone: TimeZone): Array<[number, number]> {
  const periods = [...med.tracked].sort((a, b) => Date.parse(a.from) - Date.parse(b.from));
  const windows = periods.map((p): [number, number] => [Date.parse(p.from), p.until ? Date.parse(p.until) : Infinity]);
  if (windows.length === 0) return [];
  const first = Math.min(windows[0]![0], earliestLog ?? Infinity);
  windows[0]![0] = dayWindow(localDateOf(new Date(first), zone), zone).start.getTime();
  return windows;
}

function summarize(doses: readonly DoseRecord[]): AdherenceSummary {
  const count = (s: AdherenceStatus) => doses.filter((d) => d.status === s).length;
  const offs = doses
    .filter((d) => d.minutesOff !== null && d.status !== "extra")
    .map((d) => Math.abs(d.minutesOff!))
    .sort((a, b) => a - b);
  const mid = offs.length >> 1;
  const median = offs.length === 0 ? null : offs.length % 2 ? offs[mid]! : (offs[mid - 1]! + offs[mid]!) / 2;
  const reasons = new Map<string, number>();
  for (const d of doses)
    if (d.status === "skipped") reasons.set(d.skipReason || "No reason given", (reasons.get(d.skipReason || "No reason given") ?? 0) + 1);
  const pending = count("pending");
  const extra = count("extra");
  return {
    scheduled: doses.length - pending - extra,
    pending,
    onTime: count("on-time"),
    early: count("early"),
    late: count("late"),
    missed: count("missed"),
    skipped: count("skipped"),
    extra,
    tooSoon: doses.filter((d) => d.tooSoon).length,
    timed: offs.length,
    within15: offs.filter((m) => m <= ON_TIME_MINUTES).length,
    within30: offs.filter((m) => m <= 30).length,
    medianMinutesOff: median,
    skippedByReason: [...reasons].map(([reason, n]) => ({ reason, count: n })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
  };
}

/** On time within ±15 minutes, else early or late. Example: −16 → 'early'; +15 → 'on-time'. */
function judge(minutesOff: Minutes): AdherenceStatus {
  if (Math.abs(minutesOff) <= ON_TIME_MINUTES) return "on-time";
  return minutesOff < 0 ? "early" : "late";
}

function daysBetween(from: LocalDate, to: LocalDate): LocalDate[] {
  const days: LocalDate[] = [];
  for (let d = from; d <= to; d = addLocalDays(d, 1)) days.push(d);
  return days;
}

/**
 * Every scheduled dose of every day from `from` to `to` (local days in `zone`), judged against the config in force
 * that day, with the card's slot rules (schedule.ts matchLogsToSlots), plus every log that took no dose ('extra').
 * Without `now` every day is judged as past; with it, doses not yet due are 'pending'.
 * Example: fixed 08:00 and 20:00, logs at 08:10 and 20:40 → on-time (+10), late (+40).
 */
export function adherence(
  medicationVersions: readonly MedicationHistory[],
  logs: readonly HistoryLog[],
  from: LocalDate,
  to: LocalDate,
  zone: TimeZone,
  now?: Date,
): Adherence {
  const days = daysBetween(from, to);
  const nowMs = now?.getTime() ?? Infinity;
  const records: DoseRecord[] = [];
  for (const med of medicationVersions) {
    if (med.versions.length === 0) continue;
    const versions = [...med.versions].sort((a, b) => Date.parse(a.validFrom) - Date.parse(b.validFrom));
    const medLogs = logs.filter((l) => logMedicationId(l) === med.id).sort((a, b) => time(a) - time(b) || a.id.localeCompare(b.id));
    const earliest = Math.min(med.firstLogAt ? Date.parse(med.firstLogAt) : Infinity, medLogs.length ? time(medLogs[0]!) : Infinity);
    const windows = trackedWindows(med, Number.isFinite(earliest) ? earliest : null, zone);
    const tracked = (t: number) => windows.some(([a, b]) => t >= a && t < b);
    const dayConfig = new Map<LocalDate, MedicationConfig>();
    const configFor = (date: LocalDate) => {
      let c = dayConfig.get(date);
      if (!c) dayConfig.set(date, (c = configOn(versions, dayWindow(date, zone).end.getTime())));
      return c;
    };
    const base = (date: LocalDate, config: MedicationConfig) => ({
      date,
      medicationId: med.id,
      medicationName: config.name,
      pillLabel: config.displayConfig.pillLabel,
      scheduleType: config.scheduleType,
    });
    const fromLog = (l: HistoryLog | undefined) => ({
      takenAt: l ? iso(time(l)) : null,
      skipReason: l && isSkip(l) ? (l.skipReason ?? null) : null,
      logId: l?.id ?? null,
      loggedByName: l ? (l.loggedByName ?? null) : null,
      loggedByUserId: l ? (l.loggedByUserId ?? null) : null,
    });

    // The interval from the previous dose taken (skips take a slot but are not doses), and the minInterval flag.
    const intervals = new Map<string, { interval: Minutes | null; tooSoon: boolean }>();
    let previous: number | null = null;
    for (const l of medLogs) {
      if (isSkip(l)) continue;
      const interval = previous === null ? null : Math.round((time(l) - previous) / MINUTE_MS);
      const min = configFor(localDateOf(l.timestamp, zone)).timingRules.minInterval;
      intervals.set(l.id, { interval, tooSoon: interval !== null && interval < min });
      previous = time(l);
    }
    const flags = (l: HistoryLog | undefined) => {
      const f = l ? intervals.get(l.id) : undefined;
      return { intervalMinutes: f?.interval ?? null, tooSoon: f?.tooSoon ?? false };
    };

    // Fixed days: the slots of the range and a day either side (they compete for logs near midnight).
    const slots: FixedSlot[] = [];
    for (const date of daysBetween(addLocalDays(from, -1), addLocalDays(to, 1))) {
      const config = configFor(date);
      if (config.scheduleType === "fixed") slots.push(...fixedSlotsOn(date, config.fixedTimes, zone).filter((s) => tracked(s.at.getTime())));
    }
    const claims = matchLogsToSlots(slots, medLogs.map(time), zone);
    // Several logs may take one slot (the card only asks whether it is taken): the nearest is its dose, the others extra.
    const slotLog = new Map<number, HistoryLog>();
    const gap = (slot: number, l: HistoryLog) => Math.abs(time(l) - slots[slot]!.at.getTime());
    medLogs.forEach((l, i) => {
      const slot = claims[i]!;
      const held = slotLog.get(slot);
      if (slot >= 0 && (!held || gap(slot, l) < gap(slot, held))) slotLog.set(slot, l);
    });
    const used = new Set(slotLog.values());
    slots.forEach((s, i) => {
      if (s.date < from || s.date > to) return;
      const config = configFor(s.date);
      const l = slotLog.get(i);
      const at = s.at.getTime();
      const minutesOff = l && !isSkip(l) ? Math.round((time(l) - at) / MINUTE_MS) : null;
      const status: AdherenceStatus = l ? (isSkip(l) ? "skipped" : judge(minutesOff!)) : nowMs <= at + 30 * MINUTE_MS ? "pending" : "missed";
      records.push({
        ...base(s.date, config),
        slot: s.time,
        scheduledAt: iso(at),
        minutesOff,
        status,
        ...fromLog(l),
        ...flags(l),
        recommendedInterval: null,
      });
    });

    // Flexible days: each dose against the previous one of the day + recommendedInterval; the day's shortfall is missed.
    const byDay = new Map<LocalDate, HistoryLog[]>();
    for (const l of medLogs) {
      if (used.has(l)) continue;
      const date = localDateOf(l.timestamp, zone);
      byDay.set(date, [...(byDay.get(date) ?? []), l]);
    }
    for (const date of days) {
      const config = configFor(date);
      const dayLogs = byDay.get(date) ?? [];
      const { start, end } = dayWindow(date, zone);
      const dayTracked = windows.some(([a, b]) => a <= end.getTime() && b > start.getTime());
      if (config.scheduleType !== "flexible" || !dayTracked) {
        for (const l of dayLogs) {
          records.push({
            ...base(date, config),
            slot: null,
            scheduledAt: null,
            minutesOff: null,
            status: "extra",
            ...fromLog(l),
            ...flags(l),
            recommendedInterval: null,
          });
        }
        continue;
      }
      const { dailyFrequency, recommendedInterval } = config.timingRules;
      let last: number | null = null;
      dayLogs.forEach((l, k) => {
        const scheduled = last === null ? null : last + recommendedInterval * MINUTE_MS;
        const minutesOff = scheduled === null || isSkip(l) ? null : Math.round((time(l) - scheduled) / MINUTE_MS);
        const status: AdherenceStatus = k >= dailyFrequency ? "extra" : isSkip(l) ? "skipped" : minutesOff === null ? "on-time" : judge(minutesOff);
        records.push({
          ...base(date, config),
          slot: `Dose ${k + 1}`,
          scheduledAt: scheduled === null ? null : iso(scheduled),
          minutesOff,
          status,
          ...fromLog(l),
          ...flags(l),
          recommendedInterval,
        });
        last = time(l);
      });
      for (let k = dayLogs.length; k < dailyFrequency; k++) {
        const scheduled: number | null = last === null ? null : last + recommendedInterval * MINUTE_MS;
        records.push({
          ...base(date, config),
          slot: `Dose ${k + 1}`,
          scheduledAt: scheduled === null ? null : iso(scheduled),
          minutesOff: null,
          status: nowMs <= end.getTime() ? "pending" : "missed",
          ...fromLog(undefined),
          intervalMinutes: null,
          tooSoon: false,
          recommendedInterval,
        });
        last = scheduled;
      }
    }
  }

  const sortKey = (r: DoseRecord) => Date.parse(r.scheduledAt ?? r.takenAt ?? "") || 0;
  const byDate = new Map<LocalDate, DoseRecord[]>(days.map((d) => [d, []]));
  for (const r of records) byDate.get(r.date)?.push(r);
  const dayList = days.map((date) => {
    const doses = byDate.get(date)!.sort((a, b) => sortKey(a) - sortKey(b) || a.medicationName.localeCompare(b.medicationName));
    return { date, doses, summary: summarize(doses) };
  });
  return { from, to, zone, days: dayList, summary: summarize(dayList.flatMap((d) => d.doses)) };
}

export type DayTone = "none" | "good" | "fair" | "poor" | "pending";

/**
 * A day at a glance, in words and a tone for its colour; doses not yet due are counted apart. Example: 3 on time
 * and 1 missed of 4 → {tone: 'poor', lines: ['3 of 4 on time', '1 missed']}; 4 not yet due → ['4 to come'].
 */
export function dayAtAGlance(summary: AdherenceSummary): { tone: DayTone; lines: string[] } {
  if (summary.scheduled + summary.pending === 0)
    return { tone: "none", lines: summary.extra ? [`${summary.extra} unscheduled`] : ["No doses scheduled"] };
  const lines = summary.scheduled ? [`${summary.onTime} of ${summary.scheduled} on time`] : [];
  if (summary.early) lines.push(`${summary.early} early`);
  if (summary.late) lines.push(`${summary.late} late`);
  if (summary.missed) lines.push(`${summary.missed} missed`);
  if (summary.skipped) lines.push(`${summary.skipped} skipped`);
  if (summary.pending) lines.push(`${summary.pending} to come`);
  const tone: DayTone = summary.missed ? "poor" : summary.early || summary.late || summary.skipped ? "fair" : summary.scheduled ? "good" : "pending";
  return { tone, lines };
}

/** "+12 min", "−5 min", "0 min": signed minutes off, as the history shows them. */
export function formatMinutesOff(minutes: Minutes | null): string {
  if (minutes === null) return "";
  if (minutes === 0) return "0 min";
  return `${minutes > 0 ? "+" : "−"}${Math.abs(minutes)} min`;
}

/** How a status reads. Example: skipped with 'Asleep' → 'Skipped (Asleep)'. */
export function statusText(dose: Pick<DoseRecord, "status" | "skipReason">): string {
  switch (dose.status) {
    case "on-time":
      return "On time";
    case "early":
      return "Early";
    case "late":
      return "Late";
    case "missed":
      return "Missed";
    case "skipped":
      return dose.skipReason ? `Skipped (${dose.skipReason})` : "Skipped";
    case "pending":
      return "Not yet due";
    case "extra":
      return "Unscheduled";
  }
}

/** DESIGN §12: a missed-dose alert about one dose: who was alerted, how, and who answered "I am on it". */
export type DoseAlert = {
  medicationId: string;
  doseAt: IsoInstant;
  caregiverName: string;
  channel: "push" | "email" | "none";
  sentAt: IsoInstant;
  acknowledgedByName: string | null;
  acknowledgedAt: IsoInstant | null;
};

/**
 * The range's doses with the alerts sent about each (matched by medication and scheduled instant); doses without
 * any get none. Example: the 14:00 Sinemet dose and Anna's alert about it → that dose's `alerts` is [Anna's].
 */
export function withDoseAlerts<T extends Adherence>(result: T, alerts: readonly DoseAlert[]): T {
  const byDose = new Map<string, DoseAlert[]>();
  for (const a of alerts) {
    const k = `${a.medicationId} ${Date.parse(a.doseAt)}`;
    byDose.set(k, [...(byDose.get(k) ?? []), a]);
  }
  const days = result.days.map((day) => ({
    ...day,
    doses: day.doses.map((d) => {
      const found = d.scheduledAt ? byDose.get(`${d.medicationId} ${Date.parse(d.scheduledAt)}`) : undefined;
      return found ? { ...d, alerts: found } : d;
    }),
  }));
  return { ...result, days };
}

/**
 * The owner's day view lines for a dose's alerts. Example: Anna and Carl alerted, Anna answered at 2:41 PM →
 * ['Alerted: Anna, Carl', 'Anna is on it (2:41 PM)'].
 */
export function doseAlertLines(alerts: readonly DoseAlert[], zone: TimeZone): string[] {
  if (alerts.length === 0) return [];
  const names = [...new Set(alerts.map((a) => a.caregiverName))];
  const answered = alerts.find((a) => a.acknowledgedByName);
  const lines = [`Alerted: ${names.join(", ")}`];
  if (answered)
    lines.push(`${answered.acknowledgedByName} is on it${answered.acknowledgedAt ? ` (${formatClock(answered.acknowledgedAt, zone)})` : ""}`);
  return lines;
}
