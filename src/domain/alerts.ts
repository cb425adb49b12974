import type { MedicationConfig } from "./medications.ts";
import { doseKeyOf, pendingDoses, REMINDER_LATE_LIMIT_MS } from "./reminders.ts";
import { MINUTE_MS, type DoseLog, type Minutes, type TimeZone } from "./types.ts";
import { formatClock } from "./zoned-time.ts";

/** DESIGN §12: a caregiver's missed-dose alert waits 5–240 minutes after the dose time, 30 unless chosen. */
export const ALERT_DELAY = { min: 5, max: 240, default: 30 } as const;

/** One caregiver who asked to hear about missed doses, and how long after a dose's time. */
export type AlertSubscriber = { userId: string; delayMinutes: Minutes };

export type MissedDoseAlert = {
  /** `{doseKey}:alert-{caregiver id}`: one per caregiver per dose, on every server. */
  key: string;
  /** `{accountId}:{medicationId}:{dose instant ISO}`: the notification tag, shared with the owner's reminders. */
  doseKey: string;
  accountId: string;
  medicationId: string;
  recipientUserId: string;
  doseAt: Date;
  at: Date;
  text: string;
};

const ALERT_KIND_PREFIX = ":alert-";
/** How far back a dose can still be alerted: the longest delay plus the late limit (found later, it is dropped). */
const ALERT_REACH_MS = ALERT_DELAY.max * MINUTE_MS + REMINDER_LATE_LIMIT_MS;

/**
 * DESIGN §12: the missed-dose alerts still to send for an owner's account at `now`, soonest first: for each dose
 * neither taken nor skipped (the reminders' slot rules), one per caregiver at the dose time + that caregiver's delay,
 * from 10 minutes ago on. A dose someone said "I am on it" for (`acknowledged`, dose keys) has none left.
 * Example: levodopa logged at 08:00 (next 12:00), Anna with 30 minutes, now 12:31 →
 * one alert at 12:30 to Anna: 'Margaret has not taken Carbidopa-levodopa (12:00 PM)'.
 */
export function missedDoseAlerts(
  medications: readonly MedicationConfig[],
  logs: readonly DoseLog[],
  now: Date,
  zone: TimeZone,
  account: { id: string; name: string; caregivers: readonly AlertSubscriber[]; acknowledged?: ReadonlySet<string> },
): MissedDoseAlert[] {
  const from = now.getTime() - REMINDER_LATE_LIMIT_MS;
  const out: MissedDoseAlert[] = [];
  for (const config of medications) {
    const doses = new Map(pendingDoses(config, logs, now, zone, ALERT_REACH_MS).map((d) => [d.getTime(), d]));
    for (const doseAt of doses.values()) {
      const doseKey = doseKeyOf(account.id, config.id, doseAt);
      if (account.acknowledged?.has(doseKey)) continue;
      const text = `${account.name} has not taken ${config.displayConfig.pillLabel} (${formatClock(doseAt, zone)})`;
      for (const c of account.caregivers) {
        const at = new Date(doseAt.getTime() + c.delayMinutes * MINUTE_MS);
        if (at.getTime() < from) continue;
        out.push({
          key: `${doseKey}${ALERT_KIND_PREFIX}${c.userId}`,
          doseKey,
          accountId: account.id,
          medicationId: config.id,
          recipientUserId: c.userId,
          doseAt,
          at,
          text,
        });
      }
    }
  }
  return out.sort((a, b) => a.at.getTime() - b.at.getTime() || a.key.localeCompare(b.key));
}

/**
 * The parts of an alert key, or null when it is not one.
 * Example: "u1:carbidopa-levodopa:2026-06-15T16:00:00.000Z:alert-c9" → {accountId: "u1", doseKey: "u1:…:…Z", recipientUserId: "c9", …}.
 */
export function parseAlertKey(
  key: string,
): { accountId: string; medicationId: string; doseAt: Date; doseKey: string; recipientUserId: string } | null {
  const m = /^(([^:]+):([^:]+):(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)):alert-([A-Za-z0-9_-]+)$/.exec(key);
  if (!m) return null;
  const doseAt = new Date(m[4]!);
  if (Number.isNaN(doseAt.getTime())) return null;
  return { doseKey: m[1]!, accountId: m[2]!, medicationId: m[3]!, doseAt, recipientUserId: m[5]! };
}

/** The push that replaces the others' alert once a caregiver answers "I am on it". Example: 'Anna' → 'Anna is on it'. */
export const onItText = (caregiverName: string) => `${caregiverName.trim() || "A caregiver"} is on it`;
