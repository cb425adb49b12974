import { Hono } from "hono";
import { customMedicationBody, putMedicationsBody } from "../shared/api-schemas.ts";
import type { AppEnv } from "./app-env.ts";
import {
  createCustom,
  deleteCustom,
  requireCustom,
  listTrackedMedications,
  listCustom,
  setTrackedMedications,
  updateCustom,
  type Deps,
} from "./medications.service.ts";
import { jsonBody } from "./validate.ts";

/** DESIGN §4: an account's tracked medications and its custom medications. Mounted at /api/accounts. */
export function medicationsRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/:userId/medications", async (c) => c.json(await listTrackedMedications(deps, c.get("actor"), c.req.param("userId"))))
    .put("/:userId/medications", jsonBody(putMedicationsBody), async (c) =>
      c.json(await setTrackedMedications(deps, c.get("actor"), c.req.param("userId"), c.req.valid("json").medicationIds)),
    )
    .get("/:userId/custom-medications", async (c) => c.json(await listCustom(deps, c.get("actor"), c.req.param("userId"))))
    .get("/:userId/custom-medications/:id", async (c) => c.json(await requireCustom(deps, c.get("actor"), c.req.param("userId"), c.req.param("id"))))
    .post("/:userId/custom-medications", jsonBody(customMedicationBody), async (c) =>
      c.json(await createCustom(deps, c.get("actor"), c.req.param("userId"), c.req.valid("json")), 201),
    )
    .patch("/:userId/custom-medications/:id", jsonBody(customMedicationBody), async (c) =>
      c.json(await updateCustom(deps, c.get("actor"), c.req.param("userId"), c.req.param("id"), c.req.valid("json"))),
    )
    .delete("/:userId/custom-medications/:id", async (c) => {
      await deleteCustom(deps, c.get("actor"), c.req.param("userId"), c.req.param("id"));
      return c.body(null, 204);
    });
}
