import { markServerReachable } from "./online.ts";

/**
 * How long a screen's answer counts as current for a part of it that mounts later. A screen asks for its account and
 * medications first, and its parts mount once the session is known: they take the answer of a moment ago rather
 * than ask again (DESIGN §9). Changes still show at once: live events and mutations invalidate these queries.
 */
export const FRESH_FOR_MS = 10_000;

/** The one fetch client: JSON in and out, errors thrown as ApiError with the server's message (SPEC §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The whole error body, for answers that carry more than a message (a 409's `existing` log). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? "GET",
      credentials: "same-origin",
      headers: init.body === undefined ? {} : { "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    markServerReachable(false);
    throw new ApiError(0, "Cannot reach the server. Check your connection and try again.");
  }
  markServerReachable(true);
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null; // not JSON (a proxy's error page): fall back to the generic message below
  }
  if (!res.ok) {
    const body = (data ?? {}) as { error?: string; message?: string; code?: string };
    throw new ApiError(res.status, body.error ?? body.message ?? "An unknown error occurred", body.code, data);
  }
  return data as T;
}

/** The request never reached the server (offline, refused): not the server's answer about the thing asked for. */
export function isNetworkError(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0;
}

/**
 * The one way to show a failed request (SPEC §8): a network failure as a network failure; the server's own message
 * for a refused request (4xx); a message the app itself threw; else `fallback` (a 5xx's text is not for people).
 */
export function errorMessage(err: unknown, fallback = "An unknown error occurred"): string {
  if (err instanceof ApiError) return isNetworkError(err) || (err.status >= 400 && err.status < 500) ? err.message : fallback;
  return err instanceof Error && err.message ? err.message : fallback;
}
