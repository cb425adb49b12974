import { Hono } from "hono";
import { patchReminderSettingsBody, snoozeBody } from "../shared/api-schemas.ts";
import type { AppEnv } from "./app-env.ts";
import { getPushPublicKey, requireMyReminderSettings, snoozeReminder, updateMyReminderSettings, type Deps } from "./reminders.service.ts";
import { jsonBody } from "./validate.ts";

/** DESIGN §4: the push key, the signed-in user's reminder settings, and snoozing a reminder. Mounted at /api. */
export function remindersRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/push/public-key", (c) => c.json(getPushPublicKey(deps)))
    .get("/me/reminder-settings", async (c) => c.json(await requireMyReminderSettings(deps, c.get("actor"))))
    .patch("/me/reminder-settings", jsonBody(patchReminderSettingsBody), async (c) =>
      c.json(await updateMyReminderSettings(deps, c.get("actor"), c.req.valid("json"))),
    )
    .post("/me/reminders/:key/snooze", jsonBody(snoozeBody), async (c) =>
      c.json(await snoozeReminder(deps, c.get("actor"), c.req.param("key"), c.req.valid("json").minutes)),
    );
}
