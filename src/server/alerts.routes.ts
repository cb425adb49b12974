import { Hono } from "hono";
import { missedDoseAlertBody } from "../shared/api-schemas.ts";
import type { AppEnv } from "./app-env.ts";
import { acknowledgeAlert, deleteMyMissedDoseAlert, putMyMissedDoseAlert, requireMyMissedDoseAlert, type Deps } from "./alerts.service.ts";
import { jsonBody } from "./validate.ts";

/** DESIGN §4, §12: a caregiver's missed-dose alert for an account shared with them, and "I am on it". Mounted at /api. */
export function alertsRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/accounts/:userId/missed-dose-alert", async (c) => c.json(await requireMyMissedDoseAlert(deps, c.get("actor"), c.req.param("userId"))))
    .put("/accounts/:userId/missed-dose-alert", jsonBody(missedDoseAlertBody), async (c) =>
      c.json(await putMyMissedDoseAlert(deps, c.get("actor"), c.req.param("userId"), c.req.valid("json").delayMinutes)),
    )
    .delete("/accounts/:userId/missed-dose-alert", async (c) => {
      await deleteMyMissedDoseAlert(deps, c.get("actor"), c.req.param("userId"));
      return c.body(null, 204);
    })
    .post("/me/alerts/:key/acknowledge", async (c) => c.json(await acknowledgeAlert(deps, c.get("actor"), c.req.param("key"))));
}
