import { missedDoseAlerts, type MissedDoseAlert } from "../domain/alerts.ts";
import { REMINDER_LATE_LIMIT_MS, upcomingReminders, type Reminder } from "../domain/reminders.ts";
import { readStoredZone } from "../domain/time-zone.ts";
import { MINUTE_MS, type DoseLog } from "../domain/types.ts";
import { ALERT_KIND, type AlertSubscriberRow } from "./alerts.repository.ts";
import type { Clock } from "./clock.ts";
import type { Vapid } from "./config.ts";
import type { Db } from "./db/client.ts";
import { listDevices } from "./devices.repository.ts";
import { pushToDevices } from "./devices.service.ts";
import type { EventHub } from "./events.ts";
import type { Logger } from "./log.ts";
import type { Mailer } from "./mail.ts";
import { trackedMedicationsOf, type MedicationDto } from "./medications.service.ts";
import { doseLogId, type PushPayload } from "./push.ts";
import {
  claimAndStoreNext,
  dueAccounts,
  listReminderAccounts,
  markDelivered,
  pruneDeliveries,
  soonestWorkAt,
  type Claim,
  type NextReminder,
  type ReminderAccountRow,
  type ReminderSettingsRow,
} from "./reminders.repository.ts";

/** DESIGN §11's timings. */
export const BACKSTOP_MS = 30_000;
export const LEASE_MS = 2 * MINUTE_MS;
const RETRY_MS = 1000;
/** An account with nothing coming is looked at again after this long anyway (a missed event heals itself). */
const HORIZON_MS = 6 * 60 * MINUTE_MS;
const PASS_LIMIT = 500;
/** Accounts read and claimed together: one round of batch reads, one claim statement, one update of next times. */
const BATCH = 100;
/** Sends in flight at once (push requests and e-mails), after the pass that claimed them. */
const SEND_CONCURRENCY = 16;
const RETENTION_MS = 90 * 24 * 60 * MINUTE_MS;
const PRUNE_EVERY_MS = 60 * MINUTE_MS;

export type SchedulerDeps = { db: Db; events: EventHub; clock: Clock; vapid: Vapid; mailer: Mailer; publicUrl: string; logger: Logger };

export type ReminderScheduler = {
  start: () => void;
  stop: () => Promise<void>;
  /**
   * One pass over the accounts that are due now (the timer's work): it reads them, claims what is due and stores
   * their next reminder instants. It resolves before the claimed reminders are sent; `idle` waits for the sends.
   */
  runPass: () => Promise<void>;
  /** Resolves once no pass or recompute is running (tests await it after moving the clock). */
  idle: () => Promise<void>;
};

/** The push a reminder becomes: the dose is the tag; "Taken" carries the dose's own log id. */
export function reminderPayload(r: Reminder): PushPayload {
  return {
    title: "Dosetime",
    body: r.text,
    tag: r.doseKey,
    url: `/regimen/${r.accountId}`,
    key: r.key,
    actions: [
      { action: "taken", title: "Taken" },
      { action: "snooze", title: "Snooze 10 min" },
    ],
    taken: { url: `/api/accounts/${r.accountId}/pill-logs`, body: { id: doseLogId(r.doseKey), medicationId: r.medicationId } },
    snooze: { url: `/api/me/reminders/${encodeURIComponent(r.key)}/snooze`, body: { minutes: 10 } },
  };
}

/** A caregiver's missed-dose alert (DESIGN §12): the dose is the tag, so "{name} is on it" replaces it. */
export function alertPayload(a: MissedDoseAlert): PushPayload {
  return {
    title: "Dosetime",
    body: a.text,
    tag: a.doseKey,
    url: `/regimen/${a.accountId}`,
    key: a.key,
    actions: [{ action: "on-it", title: "I am on it" }],
    onIt: { url: `/api/me/alerts/${encodeURIComponent(a.key)}/acknowledge` },
  };
}

/** How far back an acknowledgement can still silence an alert: the longest delay and then some. */
const ACKNOWLEDGED_REACH_MS = 24 * 60 * MINUTE_MS;

/** One account as a pass sees it: everything the domain needs to say what is due, and where it goes. */
type AccountState = {
  id: string;
  name: string;
  email: string;
  zone: string;
  settings: ReminderSettingsRow;
  medications: MedicationDto[];
  logs: DoseLog[];
  snoozes: Array<{ key: string; until: Date }>;
  devices: ReminderAccountRow["devices"];
  subscribers: AlertSubscriberRow[];
  acknowledged: Set<string>;
};

/** How far back logs matter to the dose rules: yesterday's doses still have follow-ups early in the day. */
const LOGS_REACH_MS = 2 * 24 * 60 * MINUTE_MS;

/** Reads a batch of accounts in one statement (listReminderAccounts). */
async function loadAccounts(db: Db, ids: readonly string[], now: Date): Promise<AccountState[]> {
  const rows = await listReminderAccounts(db, ids, {
    logsFrom: new Date(now.getTime() - LOGS_REACH_MS),
    snoozesFrom: new Date(now.getTime() - REMINDER_LATE_LIMIT_MS),
    acknowledgedFrom: new Date(now.getTime() - ACKNOWLEDGED_REACH_MS),
  });
  return rows.map((a) => ({
    id: a.settings.userId,
    name: a.name,
    email: a.email,
    zone: readStoredZone(a.timeZone) ?? "UTC",
    settings: a.settings,
    medications: trackedMedicationsOf(a.medicationIds, a.custom),
    logs: a.logs.map((l) => ({ timestamp: l.timestamp.toISOString(), medicationId: l.medicationId, status: l.status })),
    snoozes: a.snoozes,
    devices: a.devices,
    subscribers: a.subscribers,
    acknowledged: a.acknowledged,
  }));
}

/** What the domain says about one account now: each claim to make with the send it allows, and its next reminder instant. */
type Plan = { claims: Array<{ claim: Claim; send: () => Promise<void> }>; next: Date | null };

/**
 * Sends each reminder once across every app server (DESIGN §11): a timer to the soonest reminder, a 30-second
 * backstop, and a recompute of an account on each of its dose, medication or settings events. Each reminder is
 * claimed in reminder_deliveries before it is sent; a claim unsent for 2 minutes is taken over.
 */
export function createReminderScheduler(deps: SchedulerDeps): ReminderScheduler {
  const { db, clock, logger } = deps;
  const running = new Set<Promise<unknown>>();
  let timer: unknown;
  let stopped = true;
  let unsubscribe = () => {};
  let passing: Promise<void> | null = null;
  let passAgain = false;
  let lastPrune = -Infinity;

  const track = <T>(p: Promise<T>): Promise<T> => {
    running.add(p);
    void p.finally(() => running.delete(p)).catch(() => undefined);
    return p;
  };

  async function deliver(r: Reminder, account: AccountState): Promise<void> {
    const delivered = await pushToDevices(deps, account.id, account.devices, reminderPayload(r), clock.now());
    let channel: "push" | "email" | "none" = delivered ? "push" : "none";
    if (!delivered && account.settings.emailFallback && r.kind === "dose-due") {
      await deps.mailer.send({
        to: account.email,
        subject: r.text,
        text: `${r.text}\n\nOpen Dosetime: ${deps.publicUrl}/regimen/${r.accountId}\n\nThis e-mail comes because "E-mail me reminders" is on and no device of yours receives Dosetime notifications.`,
      });
      channel = "email";
    }
    await markDelivered(db, r.key, channel, clock.now());
  }

  /** One push to the caregiver's devices, else one e-mail: they asked for this alert, so it always has a channel. */
  async function deliverAlert(a: MissedDoseAlert, to: AlertSubscriberRow): Promise<void> {
    const delivered = await pushToDevices(deps, to.userId, await listDevices(db, to.userId), alertPayload(a), clock.now());
    if (!delivered) {
      await deps.mailer.send({
        to: to.email,
        subject: a.text,
        text: `${a.text}\n\nOpen Dosetime: ${deps.publicUrl}/regimen/${a.accountId}\n\nThis e-mail comes because you asked to be alerted when a dose is missed, and no device of yours receives Dosetime notifications. Turn it off on that person's page.`,
      });
    }
    await markDelivered(db, a.key, delivered ? "push" : "email", clock.now());
  }

  /** The owner's reminders and the caregivers' alerts due for one account at `now`, and when its next one is. */
  function plan(account: AccountState, now: Date): Plan {
    const { id, settings, devices, subscribers } = account;
    const remindsOwner = devices.length > 0 || settings.emailFallback;
    if (!remindsOwner && subscribers.length === 0) return { claims: [], next: null };
    const kinds = { doseDue: settings.doseDue, preDose: settings.preDose, followUp: settings.followUp, food: settings.food };
    // Without a device only the dose-due reminder goes out, by e-mail.
    const reminders = remindsOwner
      ? upcomingReminders(account.medications, account.logs, kinds, now, account.zone, { id, snoozes: account.snoozes }).filter(
          (r) => devices.length > 0 || r.kind === "dose-due",
        )
      : [];
    const alerts =
      subscribers.length > 0
        ? missedDoseAlerts(account.medications, account.logs, now, account.zone, {
            id,
            name: account.name,
            caregivers: subscribers,
            acknowledged: account.acknowledged,
          })
        : [];
    const claims: Plan["claims"] = [];
    for (const r of reminders) {
      if (r.at.getTime() > now.getTime()) break;
      claims.push({ claim: { key: r.key, accountId: id, recipientUserId: id, kind: r.kind, dueAt: r.at }, send: () => deliver(r, account) });
    }
    const subscriber = new Map(subscribers.map((c) => [c.userId, c]));
    for (const a of alerts) {
      if (a.at.getTime() > now.getTime()) break;
      claims.push({
        claim: { key: a.key, accountId: id, recipientUserId: a.recipientUserId, kind: ALERT_KIND, dueAt: a.at },
        send: () => deliverAlert(a, subscriber.get(a.recipientUserId)!),
      });
    }
    const next = Math.min(
      reminders.find((r) => r.at.getTime() > now.getTime())?.at.getTime() ?? Infinity,
      alerts.find((a) => a.at.getTime() > now.getTime())?.at.getTime() ?? Infinity,
      now.getTime() + HORIZON_MS,
    );
    return { claims, next: new Date(next) };
  }

  /**
   * The sends a pass claimed wait here until the pass is over (their encryption is CPU work the pass need not wait
   * for), then go a few at a time: `running` holds them, so `idle` and `stop` wait for them.
   */
  const waiting: Array<() => Promise<void>> = [];
  let sending = 0;
  function startSends(): void {
    while (sending < SEND_CONCURRENCY && waiting.length > 0) {
      const send = waiting.shift()!;
      sending++;
      void track(
        send()
          .catch((err: unknown) => logger.error({ err }, "a reminder could not be sent"))
          .finally(() => {
            sending--;
            startSends();
          }),
      );
    }
  }
  /** Starts the waiting sends once the pass (or recompute) that claimed them has returned. */
  const startSendsAfter = () => void track(new Promise((resolve) => setImmediate(resolve)).then(startSends));

  /**
   * Reads a batch of accounts (one statement), works out what is due with the domain, claims it and stores each
   * account's next reminder instant (one statement: both or neither, so a failure leaves the accounts due for the
   * next pass), and queues what it won for the senders. A server that dies after the claim leaves it to be taken
   * over after the lease.
   */
  async function remind(ids: readonly string[]): Promise<void> {
    const now = clock.now();
    const accounts = await loadAccounts(db, ids, now);
    const claims: Plan["claims"] = [];
    const next: NextReminder[] = [];
    for (const account of accounts) {
      try {
        const p = plan(account, now);
        claims.push(...p.claims);
        next.push({ userId: account.id, at: p.next });
      } catch (err) {
        // One account's bad data must not hold up the others; it is looked at again after the backstop.
        logger.error({ err, accountId: account.id }, "reminders for an account failed");
        next.push({ userId: account.id, at: new Date(now.getTime() + BACKSTOP_MS) });
      }
    }
    const won = await claimAndStoreNext(
      db,
      claims.map((c) => c.claim),
      next,
      now,
      new Date(now.getTime() - LEASE_MS),
    );
    for (const c of claims) if (won.has(c.claim.key)) waiting.push(c.send);
  }

  const safely = (accountId: string) =>
    remind([accountId]).catch((err: unknown) => logger.error({ err, accountId }, "reminders for an account failed"));

  async function pass(): Promise<void> {
    const now = clock.now();
    const ids = await dueAccounts(db, now, new Date(now.getTime() - LEASE_MS), new Date(now.getTime() - REMINDER_LATE_LIMIT_MS), PASS_LIMIT);
    for (let i = 0; i < ids.length; i += BATCH) await remind(ids.slice(i, i + BATCH));
    // More accounts were due than one pass takes: go on at once.
    if (ids.length >= PASS_LIMIT) passAgain = true;
    if (now.getTime() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = now.getTime();
      void track(
        pruneDeliveries(db, new Date(now.getTime() - RETENTION_MS)).catch((err: unknown) =>
          logger.error({ err }, "pruning reminder deliveries failed"),
        ),
      );
    }
  }

  async function schedule(): Promise<void> {
    if (stopped) return;
    const soonest = await soonestWorkAt(db, LEASE_MS, new Date(clock.now().getTime() - REMINDER_LATE_LIMIT_MS)).catch(() => null);
    if (stopped) return;
    const now = clock.now().getTime();
    const delay = soonest === null ? BACKSTOP_MS : soonest.getTime() > now ? Math.min(soonest.getTime() - now, BACKSTOP_MS) : RETRY_MS;
    clock.clearTimeout(timer);
    timer = clock.setTimeout(() => void runPass(), delay);
  }

  function runPass(): Promise<void> {
    if (passing) {
      passAgain = true;
      return passing;
    }
    passing = track(
      (async () => {
        try {
          do {
            passAgain = false;
            await pass().catch((err: unknown) => logger.error({ err }, "reminder pass failed"));
          } while (passAgain && !stopped);
        } finally {
          passing = null;
        }
        await schedule();
        startSendsAfter();
      })(),
    );
    return passing;
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      unsubscribe = deps.events.subscribeAll((event) => {
        if (stopped || event.kind === "access-revoked") return;
        void track(safely(event.accountId).then(schedule).finally(startSendsAfter));
      });
      void runPass();
    },
    async stop() {
      stopped = true;
      unsubscribe();
      clock.clearTimeout(timer);
      while (running.size) await Promise.allSettled([...running]);
    },
    runPass,
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
