import { and, asc, eq, sql } from "drizzle-orm";
import type { MedicationConfigInput } from "../domain/medication-config.schema.ts";
import type { Executor } from "./db/client.ts";
import { customMedicationVersions, customMedications, userMedications } from "./db/schema.ts";

export type CustomMedicationRow = typeof customMedications.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Custom medication ids are UUIDs; anything else can match no row (and must not reach a uuid column). */
export const isUuid = (id: string) => UUID.test(id);

export async function getMedicationIds(db: Executor, userId: string): Promise<string[] | null> {
  const rows = await db.select({ ids: userMedications.medicationIds }).from(userMedications).where(eq(userMedications.userId, userId));
  return rows[0]?.ids ?? null;
}

/** Stores the tracked list and keeps its on/off history: ids leaving the list close their stretch, new ones open one. */
export async function setMedicationIds(db: Executor, userId: string, ids: string[]): Promise<void> {
  await db
    .insert(userMedications)
    .values({ userId, medicationIds: ids })
    .onConflictDoUpdate({ target: userMedications.userId, set: { medicationIds: ids, updatedAt: sql`now()` } });
  const list = sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  await db.execute(
    sql`update medication_tracking set tracked_until = now() where user_id = ${userId} and tracked_until is null and not (medication_id = any(${list}))`,
  );
  await db.execute(
    sql`insert into medication_tracking (user_id, medication_id, tracked_from) select ${userId}, id, now() from unnest(${list}) as ids(id) on conflict (user_id, medication_id) where tracked_until is null do nothing`,
  );
}

/** Keeps a custom medication's config from the instant it took effect (DESIGN §13). */
async function insertVersion(db: Executor, row: CustomMedicationRow): Promise<void> {
  const config = { ...(row.config as object), name: row.name };
  await db
    .insert(customMedicationVersions)
    .values({ userId: row.userId, medicationId: row.id, validFrom: row.updatedAt, config })
    .onConflictDoUpdate({ target: [customMedicationVersions.medicationId, customMedicationVersions.validFrom], set: { config } });
}

export async function listCustomMedications(db: Executor, userId: string): Promise<CustomMedicationRow[]> {
  return db.select().from(customMedications).where(eq(customMedications.userId, userId)).orderBy(asc(customMedications.name));
}

export async function countCustomMedications(db: Executor, userId: string): Promise<number> {
  return db.$count(customMedications, eq(customMedications.userId, userId));
}

export async function getCustomMedication(db: Executor, userId: string, id: string): Promise<CustomMedicationRow | null> {
  if (!isUuid(id)) return null;
  const rows = await db
    .select()
    .from(customMedications)
    .where(and(eq(customMedications.id, id), eq(customMedications.userId, userId)));
  return rows[0] ?? null;
}

export async function insertCustomMedication(db: Executor, userId: string, config: MedicationConfigInput): Promise<CustomMedicationRow> {
  const rows = await db.insert(customMedications).values({ userId, name: config.name, config }).returning();
  await insertVersion(db, rows[0]!);
  return rows[0]!;
}

export async function updateCustomMedication(
  db: Executor,
  userId: string,
  id: string,
  config: MedicationConfigInput,
): Promise<CustomMedicationRow | null> {
  if (!isUuid(id)) return null;
  const rows = await db
    .update(customMedications)
    .set({ name: config.name, config, updatedAt: sql`now()` })
    .where(and(eq(customMedications.id, id), eq(customMedications.userId, userId)))
    .returning();
  if (rows[0]) await insertVersion(db, rows[0]);
  return rows[0] ?? null;
}

export async function deleteCustomMedication(db: Executor, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(customMedications)
    .where(and(eq(customMedications.id, id), eq(customMedications.userId, userId)))
    .returning({ id: customMedications.id });
  return rows.length > 0;
}
