import pg from "pg";
import type { Db } from "./db/client.ts";
import type { Logger } from "./log.ts";

/**
 * Live changes to an account, for its open pages (DESIGN §1, §4). They travel through PostgreSQL LISTEN/NOTIFY,
 * so a change made on one app server reaches pages connected to another.
 */
export type AccountEvent = { accountId: string; kind: "pill-logs" | "medications" | "access-revoked" | "settings"; userId?: string };
type Listener = (event: AccountEvent) => void;

const CHANNEL = "dosetime_events";

export type EventHub = {
  publish: (db: Db, event: AccountEvent) => Promise<void>;
  subscribe: (accountId: string, listener: Listener) => () => void;
  /** Whether the LISTEN connection is up (/readyz); while it is down, open pages miss live changes. */
  listening: () => boolean;
  logger: Logger;
  /** Every account's events (the reminder scheduler recomputes an account on each). */
  subscribeAll: (listener: Listener) => () => void;
  close: () => Promise<void>;
};

export async function createEventHub(databaseUrl: string, logger: Logger): Promise<EventHub> {
  const listeners = new Map<string, Set<Listener>>();
  const everyone = new Set<Listener>();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const dispatch = (payload: string | undefined) => {
    try {
      const event = JSON.parse(payload ?? "") as AccountEvent;
      listeners.get(event.accountId)?.forEach((l) => l(event));
      everyone.forEach((l) => l(event));
    } catch {
      // not ours
    }
  };

  const reconnect = () => {
    if (!closed) retry = setTimeout(() => connect().catch(reconnect), 1000);
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on("notification", (n) => dispatch(n.payload));
    // NOTE: a lost listener connection (database restart) is re-opened; pages keep their 30-second refresh meanwhile.
    c.on("error", (err) => logger.warn({ err: err.message }, "the live-event listener lost its connection"));
    c.on("end", () => {
      if (client !== c) return;
      client = null;
      reconnect();
    });
    try {
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    client = c;
  };
  await connect();

  return {
    publish: async (db, event) => {
      await db.$client.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify(event)]);
    },
    subscribe: (accountId, listener) => {
      const set = listeners.get(accountId) ?? new Set();
      set.add(listener);
      listeners.set(accountId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(accountId);
      };
    },
    listening: () => client !== null,
    logger,
    subscribeAll: (listener) => {
      everyone.add(listener);
      return () => everyone.delete(listener);
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

/** Tells an account's open pages that something changed. A failure to notify never fails the change itself. */
export async function notifyAccount(deps: { db: Db; events: EventHub }, event: AccountEvent): Promise<void> {
  try {
    await deps.events.publish(deps.db, event);
  } catch (err) {
    deps.events.logger.error({ err: (err as Error).message, accountId: event.accountId }, "could not publish an event");
  }
}
