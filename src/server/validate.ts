import { zValidator } from "@hono/zod-validator";
import type { z } from "zod";
import { HttpError } from "./http-error.ts";

/** Parses the JSON body with one zod schema; a failure is a 400 whose message names the bad field. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return zValidator("json", schema, (result) => {
    if (result.success) return;
    const issue = result.error.issues[0];
    if (!issue) throw new HttpError(400, "Invalid request");
    if (issue.code === "unrecognized_keys") throw new HttpError(400, `Unknown field: ${issue.keys.join(", ")}`);
    const field = issue.path.join(".");
    // Our own messages name their field already; zod's generic ones ("Invalid input: …") get it prefixed.
    const generic = /^(Invalid|Too (big|small)|Expected)/.test(issue.message);
    throw new HttpError(400, field && generic ? `${field}: ${issue.message}` : issue.message);
  });
}
