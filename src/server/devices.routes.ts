import { Hono } from "hono";
import { registerDeviceBody } from "../shared/api-schemas.ts";
import type { AppEnv } from "./app-env.ts";
import { listMyDevices, registerDevice, removeDevice, testDevice, type Deps } from "./devices.service.ts";
import { jsonBody } from "./validate.ts";

/** DESIGN §4: the signed-in user's devices for reminders. Mounted at /api/me/devices. */
export function devicesRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await listMyDevices(deps, c.get("actor"))))
    .post("/", jsonBody(registerDeviceBody), async (c) =>
      c.json(await registerDevice(deps, c.get("actor"), c.req.valid("json"), c.req.header("user-agent")), 201),
    )
    .delete("/:id", async (c) => {
      await removeDevice(deps, c.get("actor"), c.req.param("id"));
      return c.body(null, 204);
    })
    .post("/:id/test", async (c) => {
      await testDevice(deps, c.get("actor"), c.req.param("id"));
      return c.body(null, 204);
    });
}
