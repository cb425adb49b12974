import { ALERT_DELAY, onItText, parseAlertKey } from "../domain/alerts.ts";
import type { AcknowledgeAlertDto, MissedDoseAlertDto } from "../shared/api-schemas.ts";
import type { Vapid } from "./config.ts";
import type { Db } from "./db/client.ts";
import { listDevices } from "./devices.repository.ts";
import { pushToDevices } from "./devices.service.ts";
import { notifyAccount, type EventHub } from "./events.ts";
import { AppError } from "./http-error.ts";
import { requireActor, requireCaregiverOf, type Actor } from "./policy.ts";
import type { PushPayload } from "./push.ts";
import { acknowledgeDose, deleteCaregiverAlert, getCaregiverAlert, ON_IT_KIND, sentAlertsOfDose, upsertCaregiverAlert } from "./alerts.repository.ts";
import { claimDelivery, getDelivery, markDelivered, upsertReminderSettings } from "./reminders.repository.ts";
import { getUser } from "./users.repository.ts";

export type Deps = { db: Db; now: () => Date; events: EventHub; vapid: Vapid };

/** How long a claimed "is on it" push may stay unsent before another request may take it (as the scheduler's lease). */
const LEASE_MS = 2 * 60_000;

/** GET: the signed-in caregiver's "Alert me when {owner} misses a dose" for this account (off: the default delay). */
export async function requireMyMissedDoseAlert(deps: Deps, actor: Actor, accountId: string): Promise<MissedDoseAlertDto> {
  const me = await requireCaregiverOf(deps.db, actor, accountId);
  const row = await getCaregiverAlert(deps.db, accountId, me.id);
  return row ? { enabled: true, delayMinutes: row.delayMinutes } : { enabled: false, delayMinutes: ALERT_DELAY.default };
}

/** PUT: turns the alert on (or changes its delay); the owner's account is then scheduled for its doses. */
export async function putMyMissedDoseAlert(deps: Deps, actor: Actor, accountId: string, delayMinutes: number): Promise<MissedDoseAlertDto> {
  const me = await requireCaregiverOf(deps.db, actor, accountId);
  const row = await upsertCaregiverAlert(deps.db, accountId, me.id, delayMinutes);
  // NOTE: the scheduler reads only accounts with a reminder_settings row; the owner's defaults change nothing they see.
  await upsertReminderSettings(deps.db, accountId, {});
  await notifyAccount(deps, { accountId, kind: "settings" });
  return { enabled: true, delayMinutes: row.delayMinutes };
}

/** DELETE: no more alerts for this caregiver. */
export async function deleteMyMissedDoseAlert(deps: Deps, actor: Actor, accountId: string): Promise<void> {
  const me = await requireCaregiverOf(deps.db, actor, accountId);
  await deleteCaregiverAlert(deps.db, accountId, me.id);
  await notifyAccount(deps, { accountId, kind: "settings" });
}

/** The push that replaces another caregiver's alert: same tag (the dose), no actions left to take. */
export function onItPayload(accountId: string, doseKey: string, caregiverName: string): PushPayload {
  return { title: "Dosetime", body: onItText(caregiverName), tag: doseKey, url: `/regimen/${accountId}` };
}

/**
 * "I am on it" (DESIGN §12): the caregiver an alert was sent to takes the dose in hand. The first answer holds; each
 * other caregiver alerted by push gets "{name} is on it" under the same tag, once (a claim per recipient), and no
 * alert of that dose is sent any more. Someone else's key, an unsent alert, or a revoked caregiver: 404.
 */
export async function acknowledgeAlert(deps: Deps, actor: Actor, key: string): Promise<AcknowledgeAlertDto> {
  const parsed = parseAlertKey(key);
  requireActor(actor);
  if (!parsed) throw new AppError("alert.not-found");
  const me = await requireCaregiverOf(deps.db, actor, parsed.accountId);
  const delivery = parsed.recipientUserId === me.id ? await getDelivery(deps.db, key) : null;
  if (!delivery?.sentAt || delivery.accountId !== parsed.accountId) throw new AppError("alert.not-found");
  const now = deps.now();
  const held = await acknowledgeDose(deps.db, parsed.accountId, parsed.doseKey, me.id, now);
  const holder = held.userId === me.id ? me.name : ((await getUser(deps.db, held.userId))?.name ?? "Someone");
  if (held.userId === me.id) {
    const payload = onItPayload(parsed.accountId, parsed.doseKey, me.name);
    for (const other of await sentAlertsOfDose(deps.db, parsed.accountId, parsed.doseKey)) {
      if (other.recipientUserId === me.id || other.channel !== "push") continue;
      const claim = {
        key: `${parsed.doseKey}:${ON_IT_KIND}-${other.recipientUserId}`,
        accountId: parsed.accountId,
        recipientUserId: other.recipientUserId,
        kind: ON_IT_KIND,
        dueAt: now,
      };
      if (!(await claimDelivery(deps.db, claim, now, new Date(now.getTime() - LEASE_MS)))) continue;
      const delivered = await pushToDevices(deps, other.recipientUserId, await listDevices(deps.db, other.recipientUserId), payload, now);
      await markDelivered(deps.db, claim.key, delivered ? "push" : "none", now);
    }
    await notifyAccount(deps, { accountId: parsed.accountId, kind: "pill-logs" });
  }
  return { key, acknowledgedBy: holder, acknowledgedAt: held.at.toISOString() };
}
