import { Hono } from "hono";
import { customMedicationBody, pillLogsQuery, putMedicationsBody, savePillLogBody } from "../shared/api-schemas.ts";
import type { AppEnv } from "./app-env.ts";
import {
  createCustom,
  deleteCustom,
  getCustom,
  getTrackedMedications,
  listCustom,
  setTrackedMedications,
  updateCustom,
  type Deps,
} from "./medications.service.ts";
import { getPillHistory, removePillLog, savePillLog } from "./pill-logs.service.ts";
import { jsonBody, queryParams } from "./validate.ts";

const query = queryParams(pillLogsQuery);

/** DESIGN §4: an account's medications, custom medications and pill logs. */
export function regimenRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/:userId/medications", async (c) => c.json(await getTrackedMedications(deps, c.get("actor"), c.req.param("userId"))))
    .put("/:userId/medications", jsonBody(putMedicationsBody), async (c) =>
      c.json(await setTrackedMedications(deps, c.get("actor"), c.req.param("userId"), c.req.valid("json").medicationIds)),
    )
    .get("/:userId/custom-medications", async (c) => c.json(await listCustom(deps, c.get("actor"), c.req.param("userId"))))
    .get("/:userId/custom-medications/:id", async (c) => c.json(await getCustom(deps, c.get("actor"), c.req.param("userId"), c.req.param("id"))))
    .post("/:userId/custom-medications", jsonBody(customMedicationBody), async (c) =>
      c.json(await createCustom(deps, c.get("actor"), c.req.param("userId"), c.req.valid("json")), 201),
    )
    .patch("/:userId/custom-medications/:id", jsonBody(customMedicationBody), async (c) =>
      c.json(await updateCustom(deps, c.get("actor"), c.req.param("userId"), c.req.param("id"), c.req.valid("json"))),
    )
    .delete("/:userId/custom-medications/:id", async (c) => {
      await deleteCustom(deps, c.get("actor"), c.req.param("userId"), c.req.param("id"));
      return c.body(null, 204);
    })
    .get("/:userId/pill-logs", query, async (c) => c.json(await getPillHistory(deps, c.get("actor"), c.req.param("userId"), c.req.valid("query"))))
    .post("/:userId/pill-logs", jsonBody(savePillLogBody), async (c) => {
      const { log, created } = await savePillLog(deps, c.get("actor"), c.req.param("userId"), c.req.valid("json"));
      return c.json(log, created ? 201 : 200);
    })
    .delete("/:userId/pill-logs/:logId", async (c) => {
      await removePillLog(deps, c.get("actor"), c.req.param("userId"), c.req.param("logId"));
      return c.body(null, 204);
    });
}
