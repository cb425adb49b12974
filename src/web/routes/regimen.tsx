import { useCallback, useMemo } from "react";
import { Link, Navigate, useParams } from "react-router";
import { newestFirst, logsOnDay } from "../../domain/history.ts";
import { localDateOf } from "../../domain/zoned-time.ts";
import type { AccountDto, PillLogDto } from "../../shared/api-schemas.ts";
import { Loading } from "../components/loading.tsx";
import { MissedDoseAlert } from "../features/alerts/components/missed-dose-alert.tsx";
import { medicationQueries, useTrackedMedications } from "../features/medications/api/medications.ts";
import { useAccountEvents, type AccountEventKeys } from "../features/regimen/api/account-events.ts";
import { usePendingPillLogs, useRecentLogs, type NewPillLog } from "../features/regimen/api/pill-logs.ts";
import { FoodBanner } from "../features/regimen/components/food-banner.tsx";
import { MedicationCard } from "../features/regimen/components/medication-card.tsx";
import { SyncStatus } from "../features/regimen/components/sync-status.tsx";
import { TodayLog } from "../features/regimen/components/today-log.tsx";
import { accountQueryOptions, isAccessDenied, useAccount } from "../features/session/api/account.ts";
import { browserTimeZone } from "../features/session/api/session.ts";
import { RequireUser } from "../features/session/components/guards.tsx";
import { errorMessage } from "../lib/api.ts";
import { useClockValue } from "../lib/clock.ts";
import { paths } from "../paths.ts";
import { FormError } from "../components/form-error.tsx";

const NO_LOGS: PillLogDto[] = [];

/** What the live events refresh besides the logs: the tracked medications, and the account (access revoked). */
const LIVE_KEYS: AccountEventKeys = {
  medications: (id) => medicationQueries.tracked(id).queryKey,
  account: (id) => accountQueryOptions(id).queryKey,
};

/** The server's logs with this device's doses it does not have yet (DESIGN §10), newest first. */
function withPending(logs: PillLogDto[], pending: NewPillLog[], me: AccountDto, account: AccountDto): PillLogDto[] {
  const known = new Set(logs.map((l) => l.id));
  const unsent = pending
    .filter((p) => !known.has(p.id))
    .map((p) => ({
      id: p.id,
      userId: account.id,
      timestamp: p.timestamp,
      createdAt: p.timestamp,
      loggedByUserId: me.id,
      loggedByName: me.name,
      medicationId: p.medicationId,
      medicationName: "",
      status: p.status ?? "taken",
      skipReason: p.skipReason ?? null,
    }));
  return unsent.length ? newestFirst([...unsent, ...logs]) : logs;
}

/** SPEC §4 home access check: unknown (Loading...) → allowed, or denied → the user's own regimen. */
function RegimenAccess({ me, userId }: { me: AccountDto; userId: string }) {
  const account = useAccount(userId);
  if (account.isPending) return <Loading />;
  // Denied (never shared, or revoked): your own regimen. A passing network error keeps what is on screen.
  if (isAccessDenied(account.error)) return <Navigate to={paths.regimen(me.id)} replace />;
  if (!account.data) return <FormError message={errorMessage(account.error)} />;
  return <Regimen me={me} account={account.data} />;
}

function Regimen({ me, account }: { me: AccountDto; account: AccountDto }) {
  // DESIGN §6.2: a regimen runs in its owner's zone. The page redraws when the day changes; its cards and banner
  // follow the clock themselves (DESIGN §9, idle CPU).
  const zone = account.timeZone ?? browserTimeZone();
  const today = useClockValue(useCallback((now: Date) => localDateOf(now, zone), [zone]));
  const meds = useTrackedMedications(account.id);
  useAccountEvents(account.id, LIVE_KEYS);
  const logs = useRecentLogs(account.id, today, zone);
  const pending = usePendingPillLogs(account.id);
  const serverLogs = logs.data ?? NO_LOGS;
  const recent = useMemo(() => withPending(serverLogs, pending, me, account), [serverLogs, pending, me, account]);
  const waiting = useMemo(() => new Set(pending.filter((p) => p.waiting).map((p) => p.id)), [pending]);
  const todays = useMemo(() => newestFirst(logsOnDay(recent, today, zone)), [recent, today, zone]);
  const viewer = useMemo(() => ({ isOwnAccount: account.isOwnAccount, ownerName: account.name }), [account.isOwnAccount, account.name]);

  return (
    <section aria-labelledby="regimen-title" className="regimen">
      <h1 id="regimen-title" className="visually-hidden">
        {account.isOwnAccount ? "Your medications" : `${account.name}'s medications`}
      </h1>
      {!account.isOwnAccount && (
        <div className="viewing-banner" role="note">
          <p>
            <strong>👁️ Viewing {account.name}&apos;s medications</strong>
          </p>
          <p>You can log medications on their behalf</p>
          <MissedDoseAlert accountId={account.id} ownerName={account.name} />
        </div>
      )}
      <SyncStatus dataFrom={logs.dataUpdatedAt} waiting={waiting.size} today={today} zone={zone} />
      {meds.data && <FoodBanner meds={meds.data} logs={recent} zone={zone} />}
      {zone !== browserTimeZone() && <p className="zone-note">Times are shown in {zone}.</p>}
      {meds.isPending || logs.isPending ? (
        <Loading />
      ) : !meds.data || !logs.data ? (
        <FormError message="Failed to get current medications" />
      ) : meds.data.length === 0 ? (
        <p className="empty-text">
          No medications selected. Go to <Link to={paths.profile(account.id)}>Profile</Link> to select medications to track.
        </p>
      ) : (
        <>
          <div className="cards">
            {meds.data.map((med) => (
              <MedicationCard key={med.id} accountId={account.id} med={med} logs={recent} zone={zone} viewer={viewer} />
            ))}
          </div>
          <TodayLog accountId={account.id} logs={todays} waiting={waiting} meds={meds.data} zone={zone} />
          <p className="history-link">
            <Link to={paths.history(account.id)} className="button button-secondary">
              History and reports
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

export function RegimenRoute() {
  const { userId = "" } = useParams();
  // The account and its medications are asked for at once, alongside the session check, not after it: one
  // round trip fewer before the cards (DESIGN §9, LCP). The screens below use the same queries.
  useAccount(userId);
  useTrackedMedications(userId);
  return <RequireUser>{(me) => <RegimenAccess key={userId} me={me} userId={userId} />}</RequireUser>;
}
