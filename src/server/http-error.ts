import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorStatus, errorText, type ErrorCode, type ErrorParams, type FixedErrorCode } from "../shared/errors.ts";

/**
 * An error the HTTP layer turns into `{"error": message}` (DESIGN §4). Its code chooses the status and the words,
 * from the one catalogue (src/shared/errors.ts). Example: `new AppError("invitation.already-sent")` → 409.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly status: ContentfulStatusCode;
  /** More fields for the error body, e.g. the existing log of a 409 (DESIGN §12). */
  details?: Record<string, unknown>;

  constructor(
    readonly code: C,
    ...params: ErrorParams<C>
  ) {
    super(errorText(code, ...params));
    this.status = errorStatus(code);
  }

  /** The same error with more fields in its body. Example: `new AppError("pill-log.duplicate", {text}).with({ existing })`. */
  with(details: Record<string, unknown>): this {
    this.details = details;
    return this;
  }
}

/** The error body of a code, for answers made without throwing (middleware that returns early). */
export function errorBody(code: FixedErrorCode): { error: string } {
  return { error: errorText(code) };
}
