import { queryOptions, useMutation, useMutationState, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { addLocalDays, dayWindow } from "../../../../domain/zoned-time.ts";
import type { DuplicateDoseError, PillLogDto, SavePillLogBody } from "../../../../shared/api-schemas.ts";
import { api, ApiError } from "../../../lib/api.ts";

/** SPEC §9: logs refresh every 30 seconds (and at once when the tab is visible again). */
export const LOG_REFRESH_MS = 30_000;

const logsPath = (accountId: string) => `/api/accounts/${encodeURIComponent(accountId)}/pill-logs`;
/** The prefix of every day's recent-logs query of an account: invalidating it refreshes them all. */
export const recentLogsKey = (accountId: string) => ["pill-logs", accountId] as const;

/**
 * Yesterday's and today's logs in the account's zone, newest first: today's for the cards and the list, the
 * night before's for a food restriction that runs past midnight. One query serves every card and the page.
 */
export function recentLogsQueryOptions(accountId: string, today: string, zone: string) {
  const since = dayWindow(addLocalDays(today, -1), zone).start.toISOString();
  return queryOptions({
    queryKey: [...recentLogsKey(accountId), today, zone] as const,
    queryFn: () => api<PillLogDto[]>(`${logsPath(accountId)}?since=${encodeURIComponent(since)}`),
    refetchInterval: LOG_REFRESH_MS,
    refetchOnWindowFocus: "always",
    // At midnight the key moves to the new day: keep showing the last answer rather than 'Loading...'.
    placeholderData: (previous) => previous,
  });
}

export function useRecentLogs(accountId: string, today: string, zone: string) {
  return useQuery(recentLogsQueryOptions(accountId, today, zone));
}

/**
 * A dose or a skip to save: its id is made once per dose, so however often it is sent, the server keeps one row.
 */
export type NewPillLog = SavePillLogBody & { accountId: string; id: string; medicationId: string };
/** What the card sends, for its own account. */
export type SaveLog = Omit<NewPillLog, "accountId">;

/** The server's "Already logged by …" answer (DESIGN §12), or null for any other failure. */
export function duplicateDoseOf(err: unknown): DuplicateDoseError | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const body = err.body as Partial<DuplicateDoseError> | undefined;
  return body?.existing && typeof body.error === "string" ? (body as DuplicateDoseError) : null;
}

const saveKey = ["save-pill-log"] as const;
/** How long this device keeps a save the server refused, until someone answers its question. */
const REFUSED_KEPT_MS = 12 * 60 * 60 * 1000;

/**
 * DESIGN §10: saving a dose pauses while the server is unreachable, is kept on the device (a paused mutation is
 * persisted), and is sent when the server answers again, after a reload too. A restored mutation has no hook
 * attached, so its function lives here, in the client's defaults, keyed by `saveKey`.
 */
export function registerPillLogMutations(client: QueryClient) {
  client.setMutationDefaults(saveKey, {
    mutationFn: ({ accountId, ...log }: NewPillLog) => api<PillLogDto>(logsPath(accountId), { method: "POST", body: log }),
    // No answer: wait for the server (the request pauses while offline), as long as it takes. A server error:
    // two more tries. The id makes each try safe.
    retry: (count, err) => err instanceof ApiError && (err.status === 0 || (err.status >= 500 && count < 2)),
    onSettled: (_data, _err, log: NewPillLog) => client.invalidateQueries({ queryKey: recentLogsKey(log.accountId) }),
    // A refused save waits for its answer (useRefusedPillLogs) longer than TanStack's 5 minutes.
    gcTime: REFUSED_KEPT_MS,
  });
}

/** Saves a dose (see registerPillLogMutations). */
export function useSavePillLog(accountId: string) {
  return useMutation<PillLogDto, Error, NewPillLog>({ mutationKey: [...saveKey, accountId] });
}

/**
 * The account's doses saved on this device that the server has not confirmed: each counts at once. `waiting`
 * when it is paused until the server answers again (not merely on its way).
 */
export function usePendingPillLogs(accountId: string): Array<NewPillLog & { waiting: boolean }> {
  return useMutationState({
    filters: { mutationKey: [...saveKey, accountId], status: "pending" },
    select: (mutation) => ({ ...(mutation.state.variables as NewPillLog), waiting: mutation.state.isPaused }),
  });
}

/** This device's saves of the account's doses in one state, as kept in the mutation cache. */
function savesOf(client: QueryClient, accountId: string, status: "pending" | "error", logId: string) {
  return client
    .getMutationCache()
    .findAll({ mutationKey: [...saveKey, accountId], status })
    .filter((m) => (m.state.variables as NewPillLog | undefined)?.id === logId);
}

/**
 * Undo of a dose still waiting to sync: while it waits (paused), it leaves the queue and nothing is sent. False
 * when it is already being sent; then it is undone on the server like any other.
 */
export function useDiscardPendingPillLog(accountId: string) {
  const client = useQueryClient();
  return (logId: string): boolean => {
    const mutation = savesOf(client, accountId, "pending", logId)[0];
    if (!mutation?.state.isPaused) return false;
    client.getMutationCache().remove(mutation);
    return true;
  };
}

/** A dose or skip of this device that the server refused: `duplicate` when it found one already there. */
export type RefusedPillLog = { log: NewPillLog; duplicate: DuplicateDoseError | null };

/**
 * The saves of one medication that the server refused and nobody has answered yet, oldest first. Read from the
 * mutation cache, not from the press's own callbacks: a dose that waited offline is sent after a reload or once the
 * server is back, when no press is there to hear "Already logged by …" (DESIGN §12: never dropped silently).
 */
export function useRefusedPillLogs(accountId: string, medicationId: string): RefusedPillLog[] {
  return useMutationState({
    filters: {
      mutationKey: [...saveKey, accountId],
      status: "error",
      predicate: (m) => (m.state.variables as NewPillLog | undefined)?.medicationId === medicationId,
    },
    select: (m) => ({ log: m.state.variables as NewPillLog, duplicate: duplicateDoseOf(m.state.error) }),
  });
}

/** Forgets a refused save once the person has answered it (CANCEL, LOG ANOTHER, or pressing again). */
export function useDismissRefusedPillLog(accountId: string) {
  const client = useQueryClient();
  return (logId: string): void => {
    for (const mutation of savesOf(client, accountId, "error", logId)) client.getMutationCache().remove(mutation);
  };
}

export function useDeletePillLog(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (logId: string) => api<null>(`${logsPath(accountId)}/${encodeURIComponent(logId)}`, { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: recentLogsKey(accountId) }),
  });
}
