import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { createLogger } from "./log.ts";

type Line = { level: number; msg: string; reqId?: string; userId?: string; method?: string; path?: string; status?: number; responseTime?: number };
const lines: Line[] = [];
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { logger: createLogger("info", { write: (line: string) => lines.push(JSON.parse(line) as Line) }) });
});
afterAll(() => app?.close());

describe("the server's log", () => {
  it("has one line per request with its id (answered as x-request-id), the signed-in user, the status and the duration", async () => {
    const owner = await app.signUp();
    const res = await owner.get("/api/me");
    expect(res.status).toBe(200);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[\w-]{8,}$/);
    const mine = lines.filter((l) => l.reqId === id);
    expect(mine).toEqual([expect.objectContaining({ level: 30, msg: "request", method: "GET", path: "/api/me", status: 200, userId: owner.userId })]);
    expect(typeof mine[0]!.responseTime).toBe("number");

    const anonymous = await app.client().get("/api/me");
    const line = lines.find((l) => l.reqId === anonymous.headers.get("x-request-id"));
    expect(line).toMatchObject({ status: 401 });
    expect(line).not.toHaveProperty("userId");
  });

  it("has one line per error, with the request's id", async () => {
    const owner = await app.signUp();
    // A database fault (the table is gone) is the kind of error that reaches the log.
    await app.db.execute(sql`alter table pill_logs rename to pill_logs_away`);
    try {
      const res = await owner.get(`/api/accounts/${owner.userId}/pill-logs`);
      expect(res.status).toBe(500);
      const mine = lines.filter((l) => l.reqId === res.headers.get("x-request-id"));
      expect(mine.map((l) => [l.level, l.msg])).toEqual([
        [50, "unhandled error"],
        [40, "request"],
      ]);
    } finally {
      await app.db.execute(sql`alter table pill_logs_away rename to pill_logs`);
    }
  });
});
