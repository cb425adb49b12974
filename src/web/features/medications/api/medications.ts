import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MedicationConfig } from "../../../../domain/medications.ts";
import { api, FRESH_FOR_MS } from "../../../lib/api.ts";

export type Medication = MedicationConfig & { createdAt?: string; updatedAt?: string };
export type MedicationInput = Omit<MedicationConfig, "id" | "isDefault">;

const base = (accountId: string) => `/api/accounts/${encodeURIComponent(accountId)}`;
/** The one factory of this file's queries: keys and fetchers, so an invalidation elsewhere imports the key. */
export const medicationQueries = {
  /** The account's tracked medications, resolved and sorted by name. */
  tracked: (accountId: string) =>
    queryOptions({
      queryKey: ["medications", accountId] as const,
      queryFn: () => api<Medication[]>(`${base(accountId)}/medications`),
      staleTime: FRESH_FOR_MS,
    }),
  custom: (accountId: string) =>
    queryOptions({ queryKey: ["custom-medications", accountId] as const, queryFn: () => api<Medication[]>(`${base(accountId)}/custom-medications`) }),
  one: (accountId: string, id: string) =>
    queryOptions({
      queryKey: ["custom-medication", accountId, id] as const,
      queryFn: () => api<Medication>(`${base(accountId)}/custom-medications/${encodeURIComponent(id)}`),
      retry: false,
    }),
};

export function useTrackedMedications(accountId: string) {
  return useQuery(medicationQueries.tracked(accountId));
}

export function useCustomMedications(accountId: string) {
  return useQuery(medicationQueries.custom(accountId));
}

export function useCustomMedication(accountId: string, id: string) {
  return useQuery(medicationQueries.one(accountId, id));
}

function useInvalidateMedications(accountId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: medicationQueries.tracked(accountId).queryKey }),
      client.invalidateQueries({ queryKey: medicationQueries.custom(accountId).queryKey }),
    ]);
}

/** PUT the tracked list; the answer (the resolved list) becomes the cached one at once. */
export function useSetTrackedMedications(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (medicationIds: string[]) => api<Medication[]>(`${base(accountId)}/medications`, { method: "PUT", body: { medicationIds } }),
    onSuccess: (tracked) => client.setQueryData(medicationQueries.tracked(accountId).queryKey, tracked),
  });
}

export function useSaveCustomMedication(accountId: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateMedications(accountId);
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: MedicationInput }) =>
      id
        ? api<Medication>(`${base(accountId)}/custom-medications/${encodeURIComponent(id)}`, { method: "PATCH", body: input })
        : api<Medication>(`${base(accountId)}/custom-medications`, { method: "POST", body: input }),
    onSuccess: (saved) => {
      client.setQueryData(medicationQueries.one(accountId, saved.id).queryKey, saved);
      return invalidate();
    },
  });
}

export function useDeleteCustomMedication(accountId: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateMedications(accountId);
  return useMutation({
    mutationFn: (id: string) => api<null>(`${base(accountId)}/custom-medications/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: medicationQueries.one(accountId, id).queryKey });
      return invalidate();
    },
  });
}
