import { and, eq, gte, isNotNull, isNull, like, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Executor } from "./db/client.ts";
import { caregiverAlerts, reminderDeliveries, user } from "./db/schema.ts";

export type CaregiverAlertRow = typeof caregiverAlerts.$inferSelect;
/** A caregiver to alert about an owner's missed doses, with where to reach them. */
export type AlertSubscriberRow = { userId: string; name: string; email: string; delayMinutes: number };

/** The alert kind in reminder_deliveries; the "is on it" push that replaces it is `on-it`. */
export const ALERT_KIND = "missed-dose";
export const ON_IT_KIND = "on-it";

export async function getCaregiverAlert(db: Db, ownerUserId: string, caregiverUserId: string): Promise<CaregiverAlertRow | null> {
  const rows = await db
    .select()
    .from(caregiverAlerts)
    .where(and(eq(caregiverAlerts.ownerUserId, ownerUserId), eq(caregiverAlerts.caregiverUserId, caregiverUserId)));
  return rows[0] ?? null;
}

export async function upsertCaregiverAlert(db: Db, ownerUserId: string, caregiverUserId: string, delayMinutes: number): Promise<CaregiverAlertRow> {
  const rows = await db
    .insert(caregiverAlerts)
    .values({ ownerUserId, caregiverUserId, delayMinutes })
    .onConflictDoUpdate({ target: [caregiverAlerts.ownerUserId, caregiverAlerts.caregiverUserId], set: { delayMinutes, updatedAt: sql`now()` } })
    .returning();
  return rows[0]!;
}

export async function deleteCaregiverAlert(db: Db, ownerUserId: string, caregiverUserId: string): Promise<boolean> {
  const rows = await db
    .delete(caregiverAlerts)
    .where(and(eq(caregiverAlerts.ownerUserId, ownerUserId), eq(caregiverAlerts.caregiverUserId, caregiverUserId)))
    .returning({ owner: caregiverAlerts.ownerUserId });
  return rows.length > 0;
}

/**
 * "I am on it": marks every alert of the dose acknowledged by `userId`, unless someone already did. Answers who holds
 * it now (this caller, or the first who answered) and when.
 */
export async function acknowledgeDose(db: Db, accountId: string, doseKey: string, userId: string, at: Date): Promise<{ userId: string; at: Date }> {
  const ofDose = and(
    eq(reminderDeliveries.accountId, accountId),
    eq(reminderDeliveries.kind, ALERT_KIND),
    like(reminderDeliveries.key, `${doseKey}:alert-%`),
  );
  // NOTE: a concurrent second caller waits on the row locks, then finds acknowledged_by set and updates nothing.
  const mine = await db
    .update(reminderDeliveries)
    .set({ acknowledgedBy: userId, acknowledgedAt: at })
    .where(and(ofDose, isNull(reminderDeliveries.acknowledgedBy)))
    .returning({ key: reminderDeliveries.key });
  if (mine.length > 0) return { userId, at };
  const rows = await db
    .select({ by: reminderDeliveries.acknowledgedBy, at: reminderDeliveries.acknowledgedAt })
    .from(reminderDeliveries)
    .where(and(ofDose, isNotNull(reminderDeliveries.acknowledgedBy)))
    .limit(1);
  return rows[0] ? { userId: rows[0].by!, at: rows[0].at ?? at } : { userId, at };
}

/** The alerts of a dose that reached someone: who, and by which channel. */
export async function sentAlertsOfDose(db: Db, accountId: string, doseKey: string) {
  return db
    .select({ key: reminderDeliveries.key, recipientUserId: reminderDeliveries.recipientUserId, channel: reminderDeliveries.channel })
    .from(reminderDeliveries)
    .where(
      and(
        eq(reminderDeliveries.accountId, accountId),
        eq(reminderDeliveries.kind, ALERT_KIND),
        like(reminderDeliveries.key, `${doseKey}:alert-%`),
        isNotNull(reminderDeliveries.sentAt),
      ),
    );
}

/** An account's sent alerts due in [from, to), with the recipient's and the acknowledger's names (the owner's day, DESIGN §12). */
export async function listSentAlerts(db: Executor, accountId: string, from: Date, to: Date) {
  const recipient = alias(user, "recipient");
  const acknowledger = alias(user, "acknowledger");
  const d = reminderDeliveries;
  return db
    .select({
      key: d.key,
      recipientName: recipient.name,
      channel: d.channel,
      acknowledgedByName: acknowledger.name,
      acknowledgedAt: d.acknowledgedAt,
      sentAt: d.sentAt,
    })
    .from(d)
    .innerJoin(recipient, eq(recipient.id, d.recipientUserId))
    .leftJoin(acknowledger, eq(acknowledger.id, d.acknowledgedBy))
    .where(and(eq(d.accountId, accountId), eq(d.kind, ALERT_KIND), isNotNull(d.sentAt), gte(d.dueAt, from), lt(d.dueAt, to)))
    .orderBy(d.sentAt, recipient.name);
}
