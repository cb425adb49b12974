import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "./app-env.ts";
import type { Db } from "./db/client.ts";
import type { AccountEvent, EventHub } from "./events.ts";
import { requireAccess } from "./policy.ts";

const HEARTBEAT_MS = 25_000;

/** GET /api/accounts/:userId/events: server-sent events for an account's open pages (read permission). */
export function eventsRoutes(deps: { db: Db; events: EventHub }) {
  return new Hono<AppEnv>().get("/:userId/events", async (c) => {
    const actor = c.get("actor");
    const accountId = c.req.param("userId");
    await requireAccess(deps.db, actor, accountId, "read");
    return streamSSE(c, async (stream) => {
      let done!: () => void;
      const finished = new Promise<void>((resolve) => (done = resolve));
      const unsubscribe = deps.events.subscribe(accountId, (event: AccountEvent) => {
        // A revoked caregiver's stream ends at once; the page then finds it has no access.
        if (event.kind === "access-revoked" && event.userId === actor?.id) {
          void stream.writeSSE({ event: event.kind, data: "{}" }).finally(done);
          return;
        }
        if (event.kind !== "access-revoked") void stream.writeSSE({ event: event.kind, data: "{}" });
      });
      const heartbeat = setInterval(() => void stream.write(": keep-alive\n\n"), HEARTBEAT_MS);
      stream.onAbort(done);
      await stream.writeSSE({ event: "ready", data: "{}" });
      await finished;
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
}
