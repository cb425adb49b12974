import type { RequestIdVariables } from "hono/request-id";
import type { Actor } from "./policy.ts";

/** `sessionToken` is the verified session cookie's token (null without one); `actor` its signed-in user. */
export type AppEnv = { Variables: { actor: Actor; sessionToken: string | null } & RequestIdVariables };
