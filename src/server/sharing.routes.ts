import { Hono } from "hono";
import { createInvitationBody } from "../shared/api-schemas.ts";
import type { AppEnv } from "./app-env.ts";
import {
  acceptInvitation,
  cancelInvitation,
  createInvitation,
  listAccountCaregivers,
  listMyAccounts,
  listOpenInvitations,
  rejectInvitation,
  revokeCaregiver,
  viewInvitation,
  type Deps,
} from "./sharing.service.ts";
import { jsonBody } from "./validate.ts";

/** DESIGN §4: invitations, caregivers and the account switcher. Mounted at /api. */
export function sharingRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/me/accounts", async (c) => c.json(await listMyAccounts(deps, c.get("actor"))))
    .get("/accounts/:userId/invitations", async (c) => c.json(await listOpenInvitations(deps, c.get("actor"), c.req.param("userId"))))
    .post("/accounts/:userId/invitations", jsonBody(createInvitationBody), async (c) =>
      c.json(await createInvitation(deps, c.get("actor"), c.req.param("userId"), c.req.valid("json").email), 201),
    )
    .delete("/accounts/:userId/invitations/:id", async (c) => {
      await cancelInvitation(deps, c.get("actor"), c.req.param("userId"), c.req.param("id"));
      return c.body(null, 204);
    })
    .get("/accounts/:userId/caregivers", async (c) => c.json(await listAccountCaregivers(deps, c.get("actor"), c.req.param("userId"))))
    .delete("/accounts/:userId/caregivers/:sharedWithUserId", async (c) => {
      await revokeCaregiver(deps, c.get("actor"), c.req.param("userId"), c.req.param("sharedWithUserId"));
      return c.body(null, 204);
    })
    .get("/invitations/:id", async (c) => c.json(await viewInvitation(deps, c.get("actor"), c.req.param("id"))))
    .post("/invitations/:id/accept", async (c) => c.json(await acceptInvitation(deps, c.get("actor"), c.req.param("id"))))
    .post("/invitations/:id/reject", async (c) => {
      await rejectInvitation(deps, c.get("actor"), c.req.param("id"));
      return c.body(null, 204);
    });
}
