import { Hono } from "hono";
import { pillLogsQuery, savePillLogBody } from "../shared/api-schemas.ts";
import type { AppEnv } from "./app-env.ts";
import { listPillHistory, removePillLog, savePillLog, type Deps } from "./pill-logs.service.ts";
import { jsonBody, queryParams } from "./validate.ts";

const query = queryParams(pillLogsQuery);

/** DESIGN §4: an account's pill logs (doses and skips). Mounted at /api/accounts. */
export function pillLogsRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/:userId/pill-logs", query, async (c) => c.json(await listPillHistory(deps, c.get("actor"), c.req.param("userId"), c.req.valid("query"))))
    .post("/:userId/pill-logs", jsonBody(savePillLogBody), async (c) => {
      const { log, created } = await savePillLog(deps, c.get("actor"), c.req.param("userId"), c.req.valid("json"));
      return c.json(log, created ? 201 : 200);
    })
    .delete("/:userId/pill-logs/:logId", async (c) => {
      await removePillLog(deps, c.get("actor"), c.req.param("userId"), c.req.param("logId"));
      return c.body(null, 204);
    });
}
