import type { MiddlewareHandler } from "hono";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { AppEnv } from "./app-env.ts";
import type { Db } from "./db/client.ts";
import { errorBody } from "./http-error.ts";

/**
 * Limits a family never meets, so that one account (or a stolen session) cannot flood the database
 * (docs/decisions/017-limits.md). SPEC §9: they are never shown until they are hit.
 */
export const LIMITS = {
  /** API writes per signed-in user per minute, over all the accounts they act on. */
  writesPerMinute: 60,
  pendingInvitationsPerOwner: 50,
  customMedicationsPerOwner: 200,
  /** Open live-event streams per user, on one app server. */
  eventStreamsPerUser: 10,
  /** How far back a history read without `date` may reach. */
  historyDays: 366,
} as const;

/**
 * Counts each signed-in user's API writes in PostgreSQL (table write_limits, created by migration 0003), so every
 * app server shares one count. Over the limit: 429 with Retry-After in seconds; nothing is written. Only accepted
 * writes count, so a refused one (bad input) never uses up a family's allowance.
 */
export function writeRateLimit(db: Db): MiddlewareHandler<AppEnv> {
  const limiter = new RateLimiterPostgres({
    storeClient: db.$client,
    storeType: "pool",
    tableName: "write_limits",
    tableCreated: true,
    // NOTE: one row per user, reused once expired; nothing to sweep.
    clearExpiredByTimeout: false,
    keyPrefix: "write",
    points: LIMITS.writesPerMinute,
    duration: 60,
  });
  return async (c, next) => {
    const actor = c.get("actor");
    if (!actor || ["GET", "HEAD", "OPTIONS"].includes(c.req.method)) return next();
    const used = await limiter.get(actor.id);
    if (used && used.consumedPoints >= LIMITS.writesPerMinute) {
      c.header("retry-after", String(Math.max(1, Math.ceil(used.msBeforeNext / 1000))));
      return c.json(errorBody("request.too-many-writes"), 429);
    }
    await next();
    // NOTE: only a write that was accepted counts; a refused one (400, 403, 409…) stored nothing.
    if (c.res.status < 400)
      await limiter.consume(actor.id).catch((err: unknown) => {
        if (!(err instanceof RateLimiterRes)) throw err;
      });
  };
}
