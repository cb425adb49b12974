import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DeviceDto, PatchReminderSettingsBody, ReminderSettingsDto } from "../../../../shared/api-schemas.ts";
import { api } from "../../../lib/api.ts";

const device = (id: string) => `/api/me/devices/${encodeURIComponent(id)}`;

// DESIGN §4 and §11: this browser's push subscription, the signed-in user's devices and reminder settings.
/** The one factory of this file's queries: keys and fetchers, so an invalidation elsewhere imports the key. */
export const reminderQueries = {
  /** The server's VAPID public key: fixed for the server's life. */
  publicKey: () =>
    queryOptions({ queryKey: ["push-public-key"] as const, queryFn: () => api<{ publicKey: string }>("/api/push/public-key"), staleTime: Infinity }),
  devices: () => queryOptions({ queryKey: ["devices"] as const, queryFn: () => api<DeviceDto[]>("/api/me/devices") }),
  settings: () => queryOptions({ queryKey: ["reminder-settings"] as const, queryFn: () => api<ReminderSettingsDto>("/api/me/reminder-settings") }),
  /** This browser's current subscription endpoint, to mark "This device" in the list. */
  thisDevice: () =>
    queryOptions({
      queryKey: ["push-subscription"] as const,
      queryFn: async () => (await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription())?.endpoint ?? null,
      networkMode: "always",
    }),
};

export function useDevices() {
  return useQuery(reminderQueries.devices());
}

export function useReminderSettings() {
  return useQuery(reminderQueries.settings());
}

export function useUpdateReminderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: PatchReminderSettingsBody) => api<ReminderSettingsDto>("/api/me/reminder-settings", { method: "PATCH", body: changes }),
    onSuccess: (settings) => client.setQueryData(reminderQueries.settings().queryKey, settings),
  });
}

export function useRemoveDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(device(id), { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: reminderQueries.devices().queryKey }),
  });
}

/** "Send a test": one push now. A 410 means the device was dropped (the server removed it), so the list refreshes. */
export function useTestDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`${device(id)}/test`, { method: "POST", body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: reminderQueries.devices().queryKey }),
  });
}

/** What this browser can do about notifications; "unsupported" covers an iPhone's Safari outside the Home Screen. */
export type PushSupport = "unsupported" | "denied" | "default" | "granted";

export function pushSupport(): PushSupport {
  if (typeof window === "undefined" || !("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return "unsupported";
  }
  return Notification.permission;
}

/** The service worker's registration, once it is installed (it registers after the first screen, DESIGN §9). */
async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error("The app is still being installed on this device. Please try again in a moment.")), 10_000),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

function base64UrlToBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This browser's subscription endpoint; asked only once the browser may have one (`enabled`). */
export function useThisDeviceEndpoint(enabled: boolean) {
  return useQuery({ ...reminderQueries.thisDevice(), enabled });
}

/** Refused by the person or the browser: the section explains it instead of the server's words. */
export class PermissionRefused extends Error {}

/**
 * "Turn on reminders on this device": the browser's permission prompt (only from this button), a push subscription
 * with the server's VAPID key, and the subscription registered as one of the user's devices.
 */
export function useTurnOnReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") throw new PermissionRefused(permission);
      const [registration, { publicKey }] = await Promise.all([workerRegistration(), client.fetchQuery(reminderQueries.publicKey())]);
      let subscription: PushSubscription;
      try {
        subscription =
          (await registration.pushManager.getSubscription()) ??
          (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) }));
      } catch (err) {
        throw new Error(`This browser could not turn on notifications (${(err as Error).message}). Please try again, or use another browser.`, {
          cause: err,
        });
      }
      return api<DeviceDto>("/api/me/devices", { method: "POST", body: subscription.toJSON() });
    },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: reminderQueries.devices().queryKey });
      await client.invalidateQueries({ queryKey: reminderQueries.thisDevice().queryKey });
    },
  });
}
