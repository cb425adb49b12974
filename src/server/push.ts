import { createHash } from "node:crypto";
import webpush from "web-push";
import type { Vapid } from "./config.ts";

/** What the service worker receives in a push (DESIGN §11); it shows `title`/`body` and acts on the actions. */
export type PushPayload = {
  title: string;
  body: string;
  /** One notification per dose: a later one with the same tag replaces it. */
  tag: string;
  /** Opened on a tap. */
  url: string;
  key?: string;
  actions?: Array<{ action: "taken" | "snooze" | "on-it"; title: string }>;
  /** "Taken": POST `body` plus `timestamp` (the tap's instant) to `url`. The id is the dose's, so two taps make one log. */
  taken?: { url: string; body: { id: string; medicationId: string } };
  /** "Snooze 10 min": POST `body` to `url`. */
  snooze?: { url: string; body: { minutes: number } };
  /** "I am on it" on a caregiver's missed-dose alert (DESIGN §12): POST `url` with no body. */
  onIt?: { url: string };
};

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushResult = { status: number } | { error: string };

const TIMEOUT_MS = 5000;

/**
 * Sends one encrypted push. web-push builds the VAPID-signed, aes128gcm request; we send it with fetch and a
 * timeout, because web-push's own sender always uses https and cannot be cancelled (recipes/web-push.md).
 */
export async function sendPush(vapid: Vapid, target: PushTarget, payload: PushPayload): Promise<PushResult> {
  try {
    const request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      { vapidDetails: vapid, TTL: 600, urgency: "high" },
    );
    const res = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body as Buffer),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.body?.cancel();
    return { status: res.status };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

/** 404 and 410 mean the browser dropped the subscription: forget the device (DESIGN §11). */
export const isGone = (r: PushResult) => "status" in r && (r.status === 404 || r.status === 410);
export const isDelivered = (r: PushResult) => "status" in r && r.status >= 200 && r.status < 300;

// An arbitrary, fixed namespace for the ids of doses logged from a notification.
const DOSE_LOG_NAMESPACE = Buffer.from("6f1c2d3e4a5b46c7a8d9e0f1a2b3c4d5", "hex");

/**
 * The pill-log id a notification's "Taken" uses: a UUID v5 (SHA-1, RFC 9562) of the dose key, so every tap on any of
 * that dose's notifications, on any device, saves the same one log.
 * Example: "u1:carbidopa-levodopa:2026-06-15T16:00:00.000Z" → always the same "xxxxxxxx-xxxx-5xxx-…".
 */
export function doseLogId(doseKey: string): string {
  const hash = createHash("sha1").update(DOSE_LOG_NAMESPACE).update(doseKey).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
