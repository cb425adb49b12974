import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error the HTTP layer turns into `{"error": message}` with this status (DESIGN §4). */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

export const unauthorized = () => new HttpError(401, "Please sign in");
export const notFound = (what = "Not found") => new HttpError(404, what);
export const forbidden = () => new HttpError(403, "You do not have permission to do that");
