import type { MedicationConfigInput } from "../domain/medication-config.schema.ts";
import { DEFAULT_MEDICATION_ID, getBuiltInMedication, normalizeMedicationIds, sortByName, type MedicationConfig } from "../domain/medications.ts";
import type { Db } from "./db/client.ts";
import { notifyAccount, type EventHub } from "./events.ts";
import { HttpError, notFound } from "./http-error.ts";
import {
  deleteCustomMedication,
  getCustomMedication,
  getMedicationIds,
  insertCustomMedication,
  listCustomMedications,
  setMedicationIds,
  updateCustomMedication,
  type CustomMedicationRow,
} from "./medications.repository.ts";
import { requireAccess, type Actor } from "./policy.ts";

export type Deps = { db: Db; now: () => Date; events: EventHub };

/** What the API answers for a medication: the SPEC §3 config, plus when a custom one was made. */
export type MedicationDto = MedicationConfig & { userId?: string; createdAt?: string; updatedAt?: string };

export function mapCustomMedication(row: CustomMedicationRow): MedicationDto {
  // NOTE: stored configs were parsed by the domain schema, which fills description and fixedTimes.
  const config = row.config as MedicationConfigInput;
  return {
    ...config,
    id: row.id,
    name: row.name,
    isDefault: false,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } as MedicationDto;
}

/** Every medication an account can track, by id: the built-in catalogue and its own custom ones. */
export async function medicationCatalogue(db: Db, accountId: string): Promise<Map<string, MedicationDto>> {
  const custom = await listCustomMedications(db, accountId);
  const all = new Map<string, MedicationDto>();
  const builtIn = getBuiltInMedication(DEFAULT_MEDICATION_ID);
  if (builtIn) all.set(builtIn.id, builtIn);
  for (const row of custom) all.set(row.id, mapCustomMedication(row));
  return all;
}

/**
 * The account's tracked medications, resolved and sorted by name. A new account tracks the built-in one; ids that
 * resolve to nothing are pruned from the stored list (SPEC §4), never leaving it empty.
 */
export async function getTrackedMedications(deps: Deps, actor: Actor, accountId: string): Promise<MedicationDto[]> {
  await requireAccess(deps.db, actor, accountId, "read");
  const stored = await getMedicationIds(deps.db, accountId);
  const ids = stored === null ? [DEFAULT_MEDICATION_ID] : normalizeMedicationIds({ medicationIds: stored });
  const catalogue = await medicationCatalogue(deps.db, accountId);
  let kept = ids.filter((id) => catalogue.has(id));
  if (kept.length === 0) kept = [DEFAULT_MEDICATION_ID];
  if (stored === null || kept.length !== stored.length || kept.some((id, i) => id !== stored[i])) await setMedicationIds(deps.db, accountId, kept);
  return sortByName(kept.map((id) => catalogue.get(id)!));
}

/** PUT the tracked list. Every id must be one the account has; an empty list keeps the built-in (SPEC §4). */
export async function setTrackedMedications(deps: Deps, actor: Actor, accountId: string, ids: string[]): Promise<MedicationDto[]> {
  await requireAccess(deps.db, actor, accountId, "manage");
  const catalogue = await medicationCatalogue(deps.db, accountId);
  const wanted = normalizeMedicationIds({ medicationIds: ids });
  if (wanted.some((id) => !catalogue.has(id))) throw new HttpError(400, "Medication not found");
  const kept = wanted.length ? wanted : [DEFAULT_MEDICATION_ID];
  await setMedicationIds(deps.db, accountId, kept);
  await notifyAccount(deps, { accountId, kind: "medications" });
  return sortByName(kept.map((id) => catalogue.get(id)!));
}

export async function listCustom(deps: Deps, actor: Actor, accountId: string): Promise<MedicationDto[]> {
  await requireAccess(deps.db, actor, accountId, "read");
  return (await listCustomMedications(deps.db, accountId)).map(mapCustomMedication);
}

export async function getCustom(deps: Deps, actor: Actor, accountId: string, id: string): Promise<MedicationDto> {
  await requireAccess(deps.db, actor, accountId, "read");
  const row = await getCustomMedication(deps.db, accountId, id);
  if (!row) throw notFound("Medication not found");
  return mapCustomMedication(row);
}

/** Creates a custom medication and starts tracking it. */
export async function createCustom(deps: Deps, actor: Actor, accountId: string, config: MedicationConfigInput): Promise<MedicationDto> {
  await requireAccess(deps.db, actor, accountId, "manage");
  const created = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const row = await insertCustomMedication(db, accountId, config);
    const ids = (await getMedicationIds(db, accountId)) ?? [DEFAULT_MEDICATION_ID];
    await setMedicationIds(db, accountId, [...ids, row.id]);
    return mapCustomMedication(row);
  });
  await notifyAccount(deps, { accountId, kind: "medications" });
  return created;
}

export async function updateCustom(deps: Deps, actor: Actor, accountId: string, id: string, config: MedicationConfigInput): Promise<MedicationDto> {
  await requireAccess(deps.db, actor, accountId, "manage");
  const row = await updateCustomMedication(deps.db, accountId, id, config);
  if (!row) throw notFound("Medication not found");
  await notifyAccount(deps, { accountId, kind: "medications" });
  return mapCustomMedication(row);
}

/** Deletes a custom medication and removes it from the tracked list. Its past logs stay in the history. */
export async function deleteCustom(deps: Deps, actor: Actor, accountId: string, id: string): Promise<void> {
  await requireAccess(deps.db, actor, accountId, "manage");
  await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    if (!(await deleteCustomMedication(db, accountId, id))) throw notFound("Medication not found");
    const ids = ((await getMedicationIds(db, accountId)) ?? []).filter((x) => x !== id);
    await setMedicationIds(db, accountId, ids.length ? ids : [DEFAULT_MEDICATION_ID]);
  });
  await notifyAccount(deps, { accountId, kind: "medications" });
}
