import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MedicationConfig } from "../../../../domain/medications.ts";
import { api } from "../../../lib/api.ts";

export type Medication = MedicationConfig & { createdAt?: string; updatedAt?: string };
export type MedicationInput = Omit<MedicationConfig, "id" | "isDefault">;

const base = (accountId: string) => `/api/accounts/${encodeURIComponent(accountId)}`;
export const medicationKeys = {
  tracked: (accountId: string) => ["medications", accountId] as const,
  custom: (accountId: string) => ["custom-medications", accountId] as const,
  one: (accountId: string, id: string) => ["custom-medication", accountId, id] as const,
};

/** The account's tracked medications, resolved and sorted by name. */
export function useTrackedMedications(accountId: string) {
  return useQuery({ queryKey: medicationKeys.tracked(accountId), queryFn: () => api<Medication[]>(`${base(accountId)}/medications`) });
}

export function useCustomMedications(accountId: string) {
  return useQuery({ queryKey: medicationKeys.custom(accountId), queryFn: () => api<Medication[]>(`${base(accountId)}/custom-medications`) });
}

export function useCustomMedication(accountId: string, id: string | null) {
  return useQuery({
    queryKey: medicationKeys.one(accountId, id ?? ""),
    queryFn: () => api<Medication>(`${base(accountId)}/custom-medications/${encodeURIComponent(id!)}`),
    enabled: Boolean(id),
    retry: false,
  });
}

function useInvalidateMedications(accountId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: medicationKeys.tracked(accountId) }),
      client.invalidateQueries({ queryKey: medicationKeys.custom(accountId) }),
    ]);
}

/** PUT the tracked list; the answer (the resolved list) becomes the cached one at once. */
export function useSetTrackedMedications(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (medicationIds: string[]) => api<Medication[]>(`${base(accountId)}/medications`, { method: "PUT", body: { medicationIds } }),
    onSuccess: (tracked) => client.setQueryData(medicationKeys.tracked(accountId), tracked),
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
      client.setQueryData(medicationKeys.one(accountId, saved.id), saved);
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
      client.removeQueries({ queryKey: medicationKeys.one(accountId, id) });
      return invalidate();
    },
  });
}
