import { DEFAULT_REMINDER_SETTINGS, parseReminderKey } from "../domain/reminders.ts";
import type { PatchReminderSettingsBody, ReminderSettingsDto } from "../shared/api-schemas.ts";
import type { Vapid } from "./config.ts";
import type { Db } from "./db/client.ts";
import { notifyAccount, type EventHub } from "./events.ts";
import { AppError } from "./http-error.ts";
import { requireAccess, requireActor, type Actor } from "./policy.ts";
import { getReminderSettings, snoozeDelivery, upsertReminderSettings, type ReminderSettingsRow } from "./reminders.repository.ts";

export type Deps = { db: Db; now: () => Date; events: EventHub; vapid: Vapid };

function mapSettings(row: ReminderSettingsRow | null): ReminderSettingsDto {
  if (!row) return { ...DEFAULT_REMINDER_SETTINGS, emailFallback: false };
  return { doseDue: row.doseDue, preDose: row.preDose, followUp: row.followUp, food: row.food, emailFallback: row.emailFallback };
}

/** The VAPID public key a browser subscribes with (its applicationServerKey). */
export function getPushPublicKey(deps: Deps): { publicKey: string } {
  return { publicKey: deps.vapid.publicKey };
}

/** The signed-in user's reminder settings (the defaults until they change one); a 401 when signed out. */
export async function requireMyReminderSettings(deps: Deps, actor: Actor): Promise<ReminderSettingsDto> {
  const me = requireActor(actor);
  return mapSettings(await getReminderSettings(deps.db, me.id));
}

export async function updateMyReminderSettings(deps: Deps, actor: Actor, body: PatchReminderSettingsBody): Promise<ReminderSettingsDto> {
  const me = requireActor(actor);
  const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const row = await upsertReminderSettings(deps.db, me.id, changes);
  await notifyAccount(deps, { accountId: me.id, kind: "settings" });
  return mapSettings(row);
}

/**
 * "Snooze 10 min": the reminder comes back after `minutes`, unless its dose is logged first. Anyone who may log
 * for the reminder's account may snooze it; a key that is not a sent reminder of that account is a 404.
 */
export async function snoozeReminder(deps: Deps, actor: Actor, key: string, minutes: number): Promise<{ key: string; snoozedUntil: string }> {
  requireActor(actor);
  const parsed = parseReminderKey(key);
  if (!parsed) throw new AppError("reminder.not-found");
  await requireAccess(deps.db, actor, parsed.accountId, "log");
  const until = new Date(deps.now().getTime() + minutes * 60_000);
  if (!(await snoozeDelivery(deps.db, parsed.accountId, key, until))) throw new AppError("reminder.not-found");
  await notifyAccount(deps, { accountId: parsed.accountId, kind: "settings" });
  return { key, snoozedUntil: until.toISOString() };
}
