import type { MedicationConfigInput } from "../domain/medication-config.schema.ts";
import { DEFAULT_MEDICATION_ID, getBuiltInMedication, normalizeMedicationIds, sortByName, type MedicationConfig } from "../domain/medications.ts";
import type { Db, Executor } from "./db/client.ts";
import { notifyAccount, type EventHub } from "./events.ts";
import { AppError } from "./http-error.ts";
import { LIMITS } from "./limits.ts";
import {
  countCustomMedications,
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
function catalogueOf(custom: readonly CustomMedicationRow[]): Map<string, MedicationDto> {
  const all = new Map<string, MedicationDto>();
  const builtIn = getBuiltInMedication(DEFAULT_MEDICATION_ID);
  if (builtIn) all.set(builtIn.id, builtIn);
  for (const row of custom) all.set(row.id, mapCustomMedication(row));
  return all;
}

export async function medicationCatalogue(db: Executor, accountId: string): Promise<Map<string, MedicationDto>> {
  return catalogueOf(await listCustomMedications(db, accountId));
}

/**
 * The stored tracked list resolved against the catalogue (SPEC §4): a new account tracks the built-in one, and ids
 * that resolve to nothing are dropped, never leaving it empty. Example: ["retired-drug"] → [DEFAULT_MEDICATION_ID].
 */
function resolveTracked(stored: string[] | null, catalogue: Map<string, MedicationDto>): string[] {
  const ids = stored === null ? [DEFAULT_MEDICATION_ID] : normalizeMedicationIds({ medicationIds: stored });
  const kept = ids.filter((id) => catalogue.has(id));
  return kept.length ? kept : [DEFAULT_MEDICATION_ID];
}

/**
 * The account's tracked medications, resolved and sorted by name. A read never writes: ids that resolve to nothing
 * are left out here and pruned from the stored list by the next write to it (create, delete, PUT).
 */
export async function listTrackedMedications(deps: Deps, actor: Actor, accountId: string): Promise<MedicationDto[]> {
  await requireAccess(deps.db, actor, accountId, "read");
  const [stored, custom] = await Promise.all([getMedicationIds(deps.db, accountId), listCustomMedications(deps.db, accountId)]);
  return trackedMedicationsOf(stored, custom);
}

/**
 * The medications an account tracks, from its stored list and its custom medications, sorted by name: what its
 * regimen shows and what its reminders are about.
 */
export function trackedMedicationsOf(stored: string[] | null, custom: readonly CustomMedicationRow[]): MedicationDto[] {
  const catalogue = catalogueOf(custom);
  return sortByName(resolveTracked(stored, catalogue).map((id) => catalogue.get(id)!));
}

/** PUT the tracked list. Every id must be one the account has; an empty list keeps the built-in (SPEC §4). */
export async function setTrackedMedications(deps: Deps, actor: Actor, accountId: string, ids: string[]): Promise<MedicationDto[]> {
  await requireAccess(deps.db, actor, accountId, "manage");
  const catalogue = await medicationCatalogue(deps.db, accountId);
  const wanted = normalizeMedicationIds({ medicationIds: ids });
  if (wanted.some((id) => !catalogue.has(id))) throw new AppError("medication.unknown");
  const kept = wanted.length ? wanted : [DEFAULT_MEDICATION_ID];
  await setMedicationIds(deps.db, accountId, kept);
  await notifyAccount(deps, { accountId, kind: "medications" });
  return sortByName(kept.map((id) => catalogue.get(id)!));
}

export async function listCustom(deps: Deps, actor: Actor, accountId: string): Promise<MedicationDto[]> {
  await requireAccess(deps.db, actor, accountId, "read");
  return (await listCustomMedications(deps.db, accountId)).map(mapCustomMedication);
}

export async function requireCustom(deps: Deps, actor: Actor, accountId: string, id: string): Promise<MedicationDto> {
  await requireAccess(deps.db, actor, accountId, "read");
  const row = await getCustomMedication(deps.db, accountId, id);
  if (!row) throw new AppError("medication.not-found");
  return mapCustomMedication(row);
}

/** Creates a custom medication and starts tracking it; refused past LIMITS.customMedicationsPerOwner. */
export async function createCustom(deps: Deps, actor: Actor, accountId: string, config: MedicationConfigInput): Promise<MedicationDto> {
  await requireAccess(deps.db, actor, accountId, "manage");
  const created = await deps.db.transaction(async (tx) => {
    if ((await countCustomMedications(tx, accountId)) >= LIMITS.customMedicationsPerOwner) {
      throw new AppError("medication.too-many", { max: LIMITS.customMedicationsPerOwner });
    }
    const catalogue = await medicationCatalogue(tx, accountId);
    const row = await insertCustomMedication(tx, accountId, config);
    await setMedicationIds(tx, accountId, [...resolveTracked(await getMedicationIds(tx, accountId), catalogue), row.id]);
    return mapCustomMedication(row);
  });
  await notifyAccount(deps, { accountId, kind: "medications" });
  return created;
}

export async function updateCustom(deps: Deps, actor: Actor, accountId: string, id: string, config: MedicationConfigInput): Promise<MedicationDto> {
  await requireAccess(deps.db, actor, accountId, "manage");
  const row = await deps.db.transaction((tx) => updateCustomMedication(tx, accountId, id, config));
  if (!row) throw new AppError("medication.not-found");
  await notifyAccount(deps, { accountId, kind: "medications" });
  return mapCustomMedication(row);
}

/** Deletes a custom medication and removes it from the tracked list. Its past logs stay in the history. */
export async function deleteCustom(deps: Deps, actor: Actor, accountId: string, id: string): Promise<void> {
  await requireAccess(deps.db, actor, accountId, "manage");
  await deps.db.transaction(async (tx) => {
    if (!(await deleteCustomMedication(tx, accountId, id))) throw new AppError("medication.not-found");
    await setMedicationIds(tx, accountId, resolveTracked(await getMedicationIds(tx, accountId), await medicationCatalogue(tx, accountId)));
  });
  await notifyAccount(deps, { accountId, kind: "medications" });
}
