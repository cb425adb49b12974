import { Hono } from "hono";
import type { Auth } from "./auth.ts";
import { updateMeBody } from "../shared/api-schemas.ts";
import { requireAccount, requireMe, updateMe, verifyResetCode, type Deps } from "./accounts.service.ts";
import type { AppEnv } from "./app-env.ts";
import { currentSessionUser } from "./session.ts";
import { jsonBody } from "./validate.ts";

export function accountsRoutes(deps: Deps, auth: Auth) {
  return (
    new Hono<AppEnv>()
      .get("/me", async (c) => c.json(await requireMe(deps, c.get("actor"))))
      // The web's session check: 200 with null when signed out, so a signed-out page logs no failed request.
      // Through Better Auth, so that an active session is extended (session.updateAge).
      .get("/session", async (c) => {
        const actor = await currentSessionUser(auth, c.req.raw.headers);
        return c.json({ user: actor ? await requireMe(deps, actor) : null });
      })
      .patch("/me", jsonBody(updateMeBody), async (c) => c.json(await updateMe(deps, c.get("actor"), c.req.valid("json"))))
      .get("/accounts/:userId", async (c) => c.json(await requireAccount(deps, c.get("actor"), c.req.param("userId"))))
      .get("/password-reset/:code", async (c) => c.json(await verifyResetCode(deps, c.req.param("code"))))
  );
}
