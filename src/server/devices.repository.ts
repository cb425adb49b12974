import { and, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "./db/client.ts";
import { pushSubscriptions } from "./db/schema.ts";
import { isUuid } from "./medications.repository.ts";

export type DeviceRow = typeof pushSubscriptions.$inferSelect;

export async function listDevices(db: Executor, userId: string): Promise<DeviceRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(desc(pushSubscriptions.createdAt));
}

export async function getDevice(db: Executor, userId: string, id: string): Promise<DeviceRow | null> {
  if (!isUuid(id)) return null;
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)));
  return rows[0] ?? null;
}

/** Registers a subscription by its endpoint: the same browser again updates its row (and moves it to this user). */
export async function upsertDevice(db: Executor, device: Pick<DeviceRow, "userId" | "endpoint" | "p256dh" | "auth" | "label">): Promise<DeviceRow> {
  const rows = await db
    .insert(pushSubscriptions)
    .values(device)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: device.userId, p256dh: device.p256dh, auth: device.auth, label: device.label, lastFailureAt: null },
    })
    .returning();
  return rows[0]!;
}

export async function deleteDevice(db: Executor, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** After a send: remember when the device last worked or failed. */
export async function markDevice(db: Executor, id: string, outcome: "success" | "failure", at: Date): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set(outcome === "success" ? { lastSuccessAt: at } : { lastFailureAt: at })
    .where(eq(pushSubscriptions.id, id));
}

export async function countDevices(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return rows[0]?.n ?? 0;
}
