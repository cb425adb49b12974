import { and, eq, gte, isNotNull, isNull, lt, lte, min, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { ALERT_KIND, type AlertSubscriberRow } from "./alerts.repository.ts";
import { preparedOnce, type Db, type Executor } from "./db/client.ts";
import {
  caregiverAlerts,
  customMedications,
  pillLogs,
  pushSubscriptions,
  reminderDeliveries,
  reminderSettings,
  sharedAccess,
  user,
  userMedications,
} from "./db/schema.ts";
import type { DeviceRow } from "./devices.repository.ts";
import type { CustomMedicationRow } from "./medications.repository.ts";

export type ReminderSettingsRow = typeof reminderSettings.$inferSelect;
export type SettingsChanges = Partial<Pick<ReminderSettingsRow, "doseDue" | "preDose" | "followUp" | "food" | "emailFallback">>;

export async function getReminderSettings(db: Executor, userId: string): Promise<ReminderSettingsRow | null> {
  const rows = await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId));
  return rows[0] ?? null;
}

/** Creates the account's row with the defaults (or these changes); an existing row takes the changes. */
export async function upsertReminderSettings(db: Executor, userId: string, changes: SettingsChanges): Promise<ReminderSettingsRow> {
  const rows = await db
    .insert(reminderSettings)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: { ...changes, updatedAt: sql`now()` } })
    .returning();
  return rows[0]!;
}

const dueAccountsStatement = preparedOnce((db) =>
  db
    .select({ id: reminderSettings.userId })
    .from(reminderSettings)
    .where(and(isNotNull(reminderSettings.nextReminderAt), lte(reminderSettings.nextReminderAt, sql.placeholder("until"))))
    .orderBy(reminderSettings.nextReminderAt)
    .limit(sql.placeholder("limit"))
    .union(
      db
        .selectDistinct({ id: reminderDeliveries.accountId })
        .from(reminderDeliveries)
        .where(
          and(
            isNull(reminderDeliveries.sentAt),
            lte(reminderDeliveries.claimedAt, sql.placeholder("staleBefore")),
            gte(reminderDeliveries.dueAt, sql.placeholder("notBefore")),
          ),
        ),
    )
    .prepare("dosetime_reminder_due_accounts"),
);

/**
 * The accounts whose next reminder is due by `until`, soonest first, plus those holding a claim left unsent since
 * `staleBefore` (a server died between claim and send) that is not yet too late. Both read through partial indexes.
 */
export async function dueAccounts(db: Db, until: Date, staleBefore: Date, notBefore: Date, limit: number): Promise<string[]> {
  const rows = await dueAccountsStatement(db).execute({ until, staleBefore, notBefore, limit });
  return rows.map((r) => r.id);
}

const soonestWorkStatement = preparedOnce((db) => {
  const oldestUnsentClaim = db
    .select({ at: min(reminderDeliveries.claimedAt) })
    .from(reminderDeliveries)
    .where(and(isNull(reminderDeliveries.sentAt), gte(reminderDeliveries.dueAt, sql.placeholder("notBefore"))));
  return db
    .select({
      nextReminderAt: min(reminderSettings.nextReminderAt),
      oldestUnsentClaim: sql<Date | null>`(${oldestUnsentClaim})`.mapWith(reminderDeliveries.claimedAt),
    })
    .from(reminderSettings)
    .where(isNotNull(reminderSettings.nextReminderAt))
    .prepare("dosetime_reminder_soonest");
});

/**
 * When the scheduler has work next: the soonest next reminder of any account, or the moment a claim left unsent
 * (its server died) may be taken over, whichever is first.
 */
export async function soonestWorkAt(db: Db, leaseMs: number, notBefore: Date): Promise<Date | null> {
  const [row] = await soonestWorkStatement(db).execute({ notBefore });
  const times = [row?.nextReminderAt?.getTime(), row?.oldestUnsentClaim && row.oldestUnsentClaim.getTime() + leaseMs].filter((t) => t != null);
  return times.length ? new Date(Math.min(...times)) : null;
}

/** `json_build_object('key', value, …)`, the keys chosen here in the code. */
function jsonObject(fields: Record<string, SQLWrapper>): SQL {
  return sql`json_build_object(${sql.join(
    Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  )})`;
}

/** A correlated subquery's rows as one JSON array of objects, `[]` when there are none. */
function jsonRows<T>(fields: Record<string, SQLWrapper>, from: SQL, orderBy: SQL = sql``): SQL<T[]> {
  return sql<T[]>`(select coalesce(json_agg(${jsonObject(fields)}${orderBy}), '[]'::json) from ${from})`;
}

const caregiver = alias(user, "caregiver");

/**
 * The scheduler's one read of a batch of accounts: each account's settings, owner, tracked list, custom
 * medications, devices, recent logs, snoozes, alert subscribers and acknowledged alerts, one row per account, the
 * lists as JSON. Placeholders: userIds, logsFrom, snoozesFrom, acknowledgedFrom.
 */
const reminderAccountsStatement = preparedOnce((db) => {
  const owner = reminderSettings.userId;
  const d = reminderDeliveries;
  return db
    .select({
      settings: reminderSettings,
      name: user.name,
      email: user.email,
      timeZone: user.timeZone,
      medicationIds: userMedications.medicationIds,
      custom: jsonRows<{ id: string; name: string; config: unknown; createdAt: string; updatedAt: string }>(
        {
          id: customMedications.id,
          name: customMedications.name,
          config: customMedications.config,
          createdAt: customMedications.createdAt,
          updatedAt: customMedications.updatedAt,
        },
        sql`${customMedications} where ${customMedications.userId} = ${owner}`,
      ),
      devices: jsonRows<{ id: string; endpoint: string; p256dh: string; auth: string }>(
        { id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth },
        sql`${pushSubscriptions} where ${pushSubscriptions.userId} = ${owner}`,
        sql` order by ${pushSubscriptions.createdAt} desc`,
      ),
      logs: jsonRows<{ timestamp: string; medicationId: string | null; status: "taken" | "skipped" }>(
        { timestamp: pillLogs.timestamp, medicationId: pillLogs.medicationId, status: pillLogs.status },
        sql`${pillLogs} where ${pillLogs.userId} = ${owner} and ${pillLogs.timestamp} >= ${sql.placeholder("logsFrom")}`,
      ),
      snoozes: jsonRows<{ key: string; until: string }>(
        { key: d.key, until: d.snoozedUntil },
        sql`${d} where ${d.accountId} = ${owner} and ${d.snoozedUntil} >= ${sql.placeholder("snoozesFrom")}`,
      ),
      // The caregivers who want missed-dose alerts and still have access now (a revoked one has none).
      subscribers: jsonRows<AlertSubscriberRow>(
        { userId: caregiverAlerts.caregiverUserId, name: caregiver.name, email: caregiver.email, delayMinutes: caregiverAlerts.delayMinutes },
        sql`${caregiverAlerts}
          join ${sharedAccess} on ${sharedAccess.ownerUserId} = ${caregiverAlerts.ownerUserId} and ${sharedAccess.sharedWithUserId} = ${caregiverAlerts.caregiverUserId}
          join ${user} as ${sql.identifier("caregiver")} on ${caregiver.id} = ${caregiverAlerts.caregiverUserId}
          where ${caregiverAlerts.ownerUserId} = ${owner}`,
      ),
      acknowledged: jsonRows<{ key: string }>(
        { key: d.key },
        sql`${d} where ${d.accountId} = ${owner} and ${d.kind} = ${ALERT_KIND} and ${d.acknowledgedBy} is not null and ${d.dueAt} >= ${sql.placeholder("acknowledgedFrom")}`,
      ),
    })
    .from(reminderSettings)
    .innerJoin(user, eq(user.id, owner))
    .leftJoin(userMedications, eq(userMedications.userId, owner))
    .where(sql`${owner} = any(${sql.placeholder("userIds")}::text[])`)
    .prepare("dosetime_reminder_accounts");
});

/** What a scheduler pass knows of an account (reminderAccountsStatement), with dates as dates. */
export type ReminderAccountRow = {
  settings: ReminderSettingsRow;
  name: string;
  email: string;
  timeZone: string | null;
  medicationIds: string[] | null;
  custom: CustomMedicationRow[];
  devices: Array<Pick<DeviceRow, "id" | "endpoint" | "p256dh" | "auth">>;
  logs: Array<{ timestamp: Date; medicationId: string | null; status: "taken" | "skipped" }>;
  snoozes: Array<{ key: string; until: Date }>;
  subscribers: AlertSubscriberRow[];
  /** The doses someone answered "I am on it" for: `{accountId}:{medicationId}:{instant}`. */
  acknowledged: Set<string>;
};

/**
 * The accounts among `userIds` that have reminder settings, read in one statement: logs since `logsFrom`, snoozes
 * coming back since `snoozesFrom`, alerts acknowledged for doses since `acknowledgedFrom`.
 */
export async function listReminderAccounts(
  db: Db,
  userIds: readonly string[],
  since: { logsFrom: Date; snoozesFrom: Date; acknowledgedFrom: Date },
): Promise<ReminderAccountRow[]> {
  const rows = await reminderAccountsStatement(db).execute({ userIds, ...since });
  return rows.map((r) => ({
    ...r,
    custom: r.custom.map((c) => ({ ...c, userId: r.settings.userId, createdAt: new Date(c.createdAt), updatedAt: new Date(c.updatedAt) })),
    logs: r.logs.map((l) => ({ ...l, timestamp: new Date(l.timestamp) })),
    snoozes: r.snoozes.map((z) => ({ key: z.key, until: new Date(z.until) })),
    acknowledged: new Set(r.acknowledged.map((a) => a.key.slice(0, a.key.lastIndexOf(":alert-")))),
  }));
}

export type Claim = { key: string; accountId: string; recipientUserId: string; kind: string; dueAt: Date };
export type NextReminder = { userId: string; at: Date | null };

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The claim (DESIGN §11): a new key is inserted; a claim left unsent since `leaseCutoff` is taken over; anything
 * else (sent, or claimed by a live server) is not ours, so it is not returned. NOTE: rows go in key order, so two
 * servers claiming overlapping sets take the row locks in the same order and one waits for the other.
 */
function claimStatement(db: Executor, claims: readonly Claim[], now: Date, leaseCutoff: Date) {
  const unique = [...new Map(claims.map((c) => [c.key, c])).values()].sort((a, b) => byText(a.key, b.key));
  return db
    .insert(reminderDeliveries)
    .values(unique.map((c) => ({ ...c, claimedAt: now })))
    .onConflictDoUpdate({
      target: reminderDeliveries.key,
      set: { claimedAt: now },
      setWhere: sql`${reminderDeliveries.sentAt} is null and ${reminderDeliveries.claimedAt} <= ${leaseCutoff}`,
    })
    .returning({ key: reminderDeliveries.key });
}

/** Each account's next reminder instant (null: none), from one array of ids and one of instants, in id order. */
function nextStatement(db: Executor, next: readonly NextReminder[]) {
  const sorted = [...next].sort((a, b) => byText(a.userId, b.userId));
  const ids = sql.param(sorted.map((n) => n.userId));
  const ats = sql.param(sorted.map((n) => n.at?.toISOString() ?? null));
  return db
    .update(reminderSettings)
    .set({ nextReminderAt: sql`v.at` })
    .from(sql`unnest(${ids}::text[], ${ats}::timestamptz[]) as v(user_id, at)`)
    .where(eq(reminderSettings.userId, sql`v.user_id`))
    .returning({ userId: reminderSettings.userId });
}

/** Claims reminders for sending: the keys this caller may send. */
export async function claimDeliveries(db: Executor, claims: readonly Claim[], now: Date, leaseCutoff: Date): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  return new Set((await claimStatement(db, claims, now, leaseCutoff)).map((r) => r.key));
}

/** One claim (claimDeliveries): true when this caller may send it. */
export async function claimDelivery(db: Executor, claim: Claim, now: Date, leaseCutoff: Date): Promise<boolean> {
  return (await claimDeliveries(db, [claim], now, leaseCutoff)).has(claim.key);
}

/**
 * A scheduler pass's one write: claims these reminders and stores the accounts' next reminder instants in a single
 * statement (one round trip, one commit), so both are stored or neither. Answers the keys this caller may send.
 */
export async function claimAndStoreNext(
  db: Executor,
  claims: readonly Claim[],
  next: readonly NextReminder[],
  now: Date,
  leaseCutoff: Date,
): Promise<Set<string>> {
  if (next.length === 0) return claimDeliveries(db, claims, now, leaseCutoff);
  if (claims.length === 0) {
    await nextStatement(db, next);
    return new Set();
  }
  const claimed = db.$with("claimed").as(claimStatement(db, claims, now, leaseCutoff));
  const stored = db.$with("stored").as(nextStatement(db, next));
  const rows = await db.with(claimed, stored).select({ key: claimed.key }).from(claimed);
  return new Set(rows.map((r) => r.key));
}

export async function markDelivered(db: Executor, key: string, channel: "push" | "email" | "none", at: Date): Promise<void> {
  await db.update(reminderDeliveries).set({ sentAt: at, channel }).where(eq(reminderDeliveries.key, key));
}

/** Asks for a sent reminder again at `until`; false when the account has no such reminder. */
export async function snoozeDelivery(db: Executor, accountId: string, key: string, until: Date): Promise<boolean> {
  const rows = await db
    .update(reminderDeliveries)
    .set({ snoozedUntil: until })
    .where(and(eq(reminderDeliveries.key, key), eq(reminderDeliveries.accountId, accountId)))
    .returning({ key: reminderDeliveries.key });
  return rows.length > 0;
}

/** DESIGN §3: deliveries are kept 90 days. */
export async function pruneDeliveries(db: Executor, before: Date): Promise<void> {
  await db.delete(reminderDeliveries).where(lt(reminderDeliveries.dueAt, before));
}

export async function getDelivery(db: Executor, key: string) {
  const rows = await db.select().from(reminderDeliveries).where(eq(reminderDeliveries.key, key));
  return rows[0] ?? null;
}
