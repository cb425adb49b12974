import { Hono } from "hono";
import type { Auth } from "./auth.ts";
import { updateMeBody } from "../shared/api-schemas.ts";
import { getAccount, getMe, updateMe, verifyResetCode, type Deps } from "./accounts.service.ts";
import type { AppEnv } from "./app-env.ts";
import { jsonBody } from "./validate.ts";

export function accountsRoutes(deps: Deps, auth: Auth) {
  return (
    new Hono<AppEnv>()
      .get("/me", async (c) => c.json(await getMe(deps, c.get("actor"))))
      // The web's session check: 200 with null when signed out, so a signed-out page logs no failed request.
      // Through Better Auth, so that an active session is extended (session.updateAge).
      .get("/session", async (c) => {
        const session = await auth.api.getSession({ headers: c.req.raw.headers });
        const actor = session ? { id: session.user.id, name: session.user.name, email: session.user.email } : null;
        return c.json({ user: actor ? await getMe(deps, actor) : null });
      })
      .patch("/me", jsonBody(updateMeBody), async (c) => c.json(await updateMe(deps, c.get("actor"), c.req.valid("json"))))
      .get("/accounts/:userId", async (c) => c.json(await getAccount(deps, c.get("actor"), c.req.param("userId"))))
      .get("/password-reset/:code", async (c) => c.json(await verifyResetCode(deps, c.req.param("code"))))
  );
}
