import { and, asc, eq, sql } from "drizzle-orm";
import type { MedicationConfigInput } from "../domain/medication-config.schema.ts";
import type { Db } from "./db/client.ts";
import { customMedications, userMedications } from "./db/schema.ts";

export type CustomMedicationRow = typeof customMedications.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Custom medication ids are UUIDs; anything else can match no row (and must not reach a uuid column). */
export const isUuid = (id: string) => UUID.test(id);

export async function getMedicationIds(db: Db, userId: string): Promise<string[] | null> {
  const rows = await db.select({ ids: userMedications.medicationIds }).from(userMedications).where(eq(userMedications.userId, userId));
  return rows[0]?.ids ?? null;
}

export async function setMedicationIds(db: Db, userId: string, ids: string[]): Promise<void> {
  await db
    .insert(userMedications)
    .values({ userId, medicationIds: ids })
    .onConflictDoUpdate({ target: userMedications.userId, set: { medicationIds: ids, updatedAt: sql`now()` } });
}

export async function listCustomMedications(db: Db, userId: string): Promise<CustomMedicationRow[]> {
  return db.select().from(customMedications).where(eq(customMedications.userId, userId)).orderBy(asc(customMedications.name));
}

export async function getCustomMedication(db: Db, userId: string, id: string): Promise<CustomMedicationRow | null> {
  if (!isUuid(id)) return null;
  const rows = await db
    .select()
    .from(customMedications)
    .where(and(eq(customMedications.id, id), eq(customMedications.userId, userId)));
  return rows[0] ?? null;
}

export async function insertCustomMedication(db: Db, userId: string, config: MedicationConfigInput): Promise<CustomMedicationRow> {
  const rows = await db.insert(customMedications).values({ userId, name: config.name, config }).returning();
  return rows[0]!;
}

export async function updateCustomMedication(db: Db, userId: string, id: string, config: MedicationConfigInput): Promise<CustomMedicationRow | null> {
  if (!isUuid(id)) return null;
  const rows = await db
    .update(customMedications)
    .set({ name: config.name, config, updatedAt: sql`now()` })
    .where(and(eq(customMedications.id, id), eq(customMedications.userId, userId)))
    .returning();
  return rows[0] ?? null;
}

export async function deleteCustomMedication(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(customMedications)
    .where(and(eq(customMedications.id, id), eq(customMedications.userId, userId)))
    .returning({ id: customMedications.id });
  return rows.length > 0;
}
