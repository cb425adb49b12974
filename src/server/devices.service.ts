import type { DeviceDto, RegisterDeviceBody } from "../shared/api-schemas.ts";
import type { Vapid } from "./config.ts";
import type { Db } from "./db/client.ts";
import { deviceLabel } from "./device-label.ts";
import { deleteDevice, getDevice, listDevices, markDevice, upsertDevice, type DeviceRow } from "./devices.repository.ts";
import { notifyAccount, type EventHub } from "./events.ts";
import { AppError } from "./http-error.ts";
import { requireActor, type Actor } from "./policy.ts";
import { isDelivered, isGone, sendPush, type PushPayload, type PushTarget } from "./push.ts";
import { upsertReminderSettings } from "./reminders.repository.ts";

export type Deps = { db: Db; now: () => Date; events: EventHub; vapid: Vapid };

function mapDevice(row: DeviceRow): DeviceDto {
  return {
    id: row.id,
    label: row.label,
    endpoint: row.endpoint,
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    lastFailureAt: row.lastFailureAt?.toISOString() ?? null,
  };
}

const LOOPBACK = new Set(["127.0.0.1", "[::1]", "localhost"]);

export async function listMyDevices(deps: Deps, actor: Actor): Promise<DeviceDto[]> {
  const me = requireActor(actor);
  return (await listDevices(deps.db, me.id)).map(mapDevice);
}

/**
 * Registers this browser for the signed-in user's reminders, by endpoint (the same browser again updates its row).
 * Without a label, it is named from the User-Agent ("Chrome on Android"). Push services are https; plain http is
 * accepted only on loopback, where a local push service runs in tests.
 */
export async function registerDevice(deps: Deps, actor: Actor, body: RegisterDeviceBody, userAgent: string | undefined): Promise<DeviceDto> {
  const me = requireActor(actor);
  const url = new URL(body.endpoint);
  if (url.protocol !== "https:" && !LOOPBACK.has(url.hostname)) throw new AppError("device.endpoint-not-https");
  const row = await upsertDevice(deps.db, {
    userId: me.id,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    label: body.label ?? deviceLabel(userAgent),
  });
  await upsertReminderSettings(deps.db, me.id, {});
  await notifyAccount(deps, { accountId: me.id, kind: "settings" });
  return mapDevice(row);
}

export async function removeDevice(deps: Deps, actor: Actor, id: string): Promise<void> {
  const me = requireActor(actor);
  if (!(await deleteDevice(deps.db, me.id, id))) throw new AppError("device.not-found");
  await notifyAccount(deps, { accountId: me.id, kind: "settings" });
}

/** "Send a test": one push now. A device its push service no longer knows (404/410) is removed. */
export async function testDevice(deps: Deps, actor: Actor, id: string): Promise<void> {
  const me = requireActor(actor);
  const device = await getDevice(deps.db, me.id, id);
  if (!device) throw new AppError("device.not-found");
  const result = await sendPush(deps.vapid, device, {
    title: "Dosetime",
    body: "Reminders are on for this device",
    tag: "dosetime-test",
    url: `/regimen/${me.id}`,
  });
  if (isGone(result)) {
    await deleteDevice(deps.db, me.id, id);
    throw new AppError("device.gone");
  }
  await markDevice(deps.db, id, isDelivered(result) ? "success" : "failure", deps.now());
  if (!isDelivered(result)) throw new AppError("device.push-refused");
}

/**
 * Sends one push to each of a user's devices and records the outcome on each: a device its push service no longer
 * knows (404/410) is removed. True when at least one device accepted it.
 */
export async function pushToDevices(
  deps: { db: Db; vapid: Vapid },
  userId: string,
  devices: ReadonlyArray<Pick<DeviceRow, "id"> & PushTarget>,
  payload: PushPayload,
  now: Date,
): Promise<boolean> {
  let delivered = false;
  for (const device of devices) {
    const result = await sendPush(deps.vapid, device, payload);
    if (isGone(result)) await deleteDevice(deps.db, userId, device.id);
    else await markDevice(deps.db, device.id, isDelivered(result) ? "success" : "failure", now);
    delivered ||= isDelivered(result);
  }
  return delivered;
}
