import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "./app-env.ts";
import type { Db } from "./db/client.ts";
import type { AccountEvent, EventHub } from "./events.ts";
import { AppError } from "./http-error.ts";
import { LIMITS } from "./limits.ts";
import { requireAccess } from "./policy.ts";
import { getSessionActor } from "./session.ts";

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/accounts/:userId/events: server-sent events for an account's open pages (read permission).
 * At every heartbeat the stream re-reads its session and its access, and ends when either is gone: a sign-out
 * elsewhere, a password reset, or a revocation whose NOTIFY was lost.
 */
export function eventsRoutes(deps: { db: Db; events: EventHub; now: () => Date; heartbeatMs?: number }) {
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  const openStreams = new Map<string, number>();
  return new Hono<AppEnv>().get("/:userId/events", async (c) => {
    const actor = c.get("actor");
    const token = c.get("sessionToken");
    const accountId = c.req.param("userId");
    const userId = (await requireAccess(deps.db, actor, accountId, "read")).actor.id;
    if ((openStreams.get(userId) ?? 0) >= LIMITS.eventStreamsPerUser) {
      throw new AppError("events.too-many");
    }
    openStreams.set(userId, (openStreams.get(userId) ?? 0) + 1);

    /** Whether this stream's session is still live and still reaches the account. */
    const stillAllowed = async (): Promise<boolean> => {
      try {
        const current = token ? await getSessionActor(deps.db, token, deps.now()) : null;
        if (current?.id !== userId) return false;
        await requireAccess(deps.db, current, accountId, "read");
        return true;
      } catch (err) {
        if (err instanceof AppError) return false;
        return true; // a database hiccup is not a revocation; the next heartbeat checks again
      }
    };

    return streamSSE(c, async (stream) => {
      let done!: () => void;
      const finished = new Promise<void>((resolve) => (done = resolve));
      const unsubscribe = deps.events.subscribe(accountId, (event: AccountEvent) => {
        // A revoked caregiver's stream ends at once; the page then finds it has no access.
        if (event.kind === "access-revoked" && event.userId === userId) {
          void stream.writeSSE({ event: event.kind, data: "{}" }).finally(done);
          return;
        }
        // "settings" (reminders, devices) concerns only the reminder scheduler, not the regimen page.
        if (event.kind !== "access-revoked" && event.kind !== "settings") void stream.writeSSE({ event: event.kind, data: "{}" });
      });
      const heartbeat = setInterval(() => {
        void stillAllowed().then(async (allowed) => {
          if (allowed) return stream.write(": keep-alive\n\n");
          // The page treats it as a revocation: it closes the stream and re-reads its access.
          await stream.writeSSE({ event: "access-revoked", data: "{}" }).catch(() => undefined);
          done();
        });
      }, heartbeatMs);
      stream.onAbort(done);
      try {
        await stream.writeSSE({ event: "ready", data: "{}" });
        await finished;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        const left = (openStreams.get(userId) ?? 1) - 1;
        if (left > 0) openStreams.set(userId, left);
        else openStreams.delete(userId);
      }
    });
  });
}
