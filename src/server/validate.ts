import { zValidator } from "@hono/zod-validator";
import type { z } from "zod";
import { HttpError } from "./http-error.ts";

/** The 400 for a failed parse: the first issue, naming its field. `unknown` is "field" or "parameter". */
function badRequest(error: { issues: z.core.$ZodIssue[] }, unknown: string): HttpError {
  const issue = error.issues[0];
  if (!issue) return new HttpError(400, "Invalid request");
  if (issue.code === "unrecognized_keys") return new HttpError(400, `Unknown ${unknown}: ${issue.keys.join(", ")}`);
  const field = issue.path.join(".");
  // Our own messages name their field already; zod's generic ones ("Invalid input: …") get it prefixed.
  const generic = /^(Invalid|Too (big|small)|Expected)/.test(issue.message);
  return new HttpError(400, field && generic ? `${field}: ${issue.message}` : issue.message);
}

/** Parses the JSON body with one zod schema; a failure is a 400 whose message names the bad field. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return zValidator("json", schema, (result) => {
    if (!result.success) throw badRequest(result.error, "field");
  });
}

/** Parses the query string with one zod schema, the same way. */
export function queryParams<T extends z.ZodType>(schema: T) {
  return zValidator("query", schema, (result) => {
    if (!result.success) throw badRequest(result.error, "parameter");
  });
}
