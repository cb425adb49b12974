import type { Actor } from "./policy.ts";

export type AppEnv = { Variables: { actor: Actor } };
