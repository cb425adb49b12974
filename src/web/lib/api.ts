/** The one fetch client: JSON in and out, errors thrown as ApiError with the server's message (SPEC §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
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
    throw new ApiError(0, "Cannot reach the server. Check your connection and try again.");
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null; // not JSON (a proxy's error page): fall back to the generic message below
  }
  if (!res.ok) {
    const body = (data ?? {}) as { error?: string; message?: string; code?: string };
    throw new ApiError(res.status, body.error ?? body.message ?? "An unknown error occurred", body.code);
  }
  return data as T;
}

export function errorMessage(err: unknown, fallback = "An unknown error occurred"): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

/** The server's own message for a refused request (4xx), else SPEC §8's fallback for that action. */
export function clientErrorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : fallback;
}
