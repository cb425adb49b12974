import { zValidator } from "@hono/zod-validator";
import type { MiddlewareHandler } from "hono";
import type { z } from "zod";
import { hasUnsafeCharacter } from "../domain/input.schema.ts";
import { AppError } from "./http-error.ts";

/** The message of a failed parse: the first issue, naming its field. `unknown` is "field" or "parameter". */
export function issueMessage(error: { issues: z.core.$ZodIssue[] }, unknown = "field"): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  if (issue.code === "unrecognized_keys") return `Unknown ${unknown}: ${issue.keys.join(", ")}`;
  const field = issue.path.join(".");
  // Our own messages name their field already; zod's generic ones ("Invalid input: …") get it prefixed.
  const generic = /^(Invalid|Too (big|small)|Expected)/.test(issue.message);
  return field && generic ? `${field}: ${issue.message}` : issue.message;
}

const badRequest = (error: { issues: z.core.$ZodIssue[] }, unknown: string) =>
  new AppError("request.invalid", { text: issueMessage(error, unknown) });

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

const PLAIN = /^[\x21-\x24\x26-\x7e]*$/;

/** The longest path segment an address may carry: ids are UUIDs and short tokens. */
const MAX_SEGMENT = 200;

function addressProblem(part: string, decode: (s: string) => string): "request.bad-escape" | "request.bad-character" | null {
  let decoded: string;
  try {
    decoded = decode(part);
  } catch {
    return "request.bad-escape";
  }
  if (hasUnsafeCharacter(decoded)) return "request.bad-character";
  return null;
}

/**
 * The one check of the address's parameters, for every /api route (ours and Better Auth's), before any lookup:
 * each path segment (`:userId`, `:id`, `:code`, …) and each query name and value must decode, hold no control
 * character or lone surrogate, and a segment stays short. PostgreSQL refuses a NUL, so otherwise
 * `/api/accounts/%00` would be a 500. Example: GET /api/accounts/%00 → 400.
 */
export const checkParams: MiddlewareHandler = async (c, next) => {
  const raw = c.req.url;
  // NOTE: runs on every call. Plain printable ASCII without a %-escape decodes to itself and holds nothing unsafe:
  // only the segments' length is left to check, without building a URL.
  if (PLAIN.test(raw)) {
    const query = raw.indexOf("?");
    const path = raw.slice(raw.indexOf("/", raw.indexOf("//") + 2), query < 0 ? undefined : query);
    for (const segment of path.split("/")) {
      if (segment.length > MAX_SEGMENT) throw new AppError("request.segment-too-long");
    }
    return next();
  }
  const url = new URL(raw);
  for (const segment of url.pathname.split("/")) {
    const problem = addressProblem(segment, decodeURIComponent);
    if (problem) throw new AppError(problem);
    if (segment.length > MAX_SEGMENT) throw new AppError("request.segment-too-long");
  }
  for (const pair of url.search.slice(1).split("&")) {
    const problem = addressProblem(pair.replace(/\+/g, " "), (s) => s.split("=").map(decodeURIComponent).join("="));
    if (problem) throw new AppError(problem);
  }
  await next();
};
