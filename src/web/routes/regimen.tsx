import { useMemo } from "react";
import { Link, Navigate, useParams } from "react-router";
import { newestFirst, logsOnDay } from "../../domain/history.ts";
import { localDateOf } from "../../domain/zoned-time.ts";
import type { AccountDto, PillLogDto } from "../../shared/api-schemas.ts";
import { Loading } from "../components/loading.tsx";
import { useTrackedMedications } from "../features/medications/api/medications.ts";
import { useAccountEvents } from "../features/regimen/api/account-events.ts";
import { useRecentLogs } from "../features/regimen/api/pill-logs.ts";
import { FoodBanner } from "../features/regimen/components/food-banner.tsx";
import { MedicationCard } from "../features/regimen/components/medication-card.tsx";
import { TodayLog } from "../features/regimen/components/today-log.tsx";
import { isAccessDenied, useAccount } from "../features/session/api/account.ts";
import { browserTimeZone } from "../features/session/api/session.ts";
import { RequireUser } from "../features/session/components/guards.tsx";
import { errorMessage } from "../lib/api.ts";
import { useNow } from "../lib/clock.ts";
import { paths } from "../paths.ts";
import { FormError } from "../components/form-error.tsx";

const NO_LOGS: PillLogDto[] = [];

/** SPEC §4 home access check: unknown (Loading...) → allowed, or denied → the user's own regimen. */
function RegimenAccess({ me, userId }: { me: AccountDto; userId: string }) {
  const account = useAccount(userId);
  if (account.isPending) return <Loading />;
  // Denied (never shared, or revoked): your own regimen. A passing network error keeps what is on screen.
  if (isAccessDenied(account.error)) return <Navigate to={paths.regimen(me.id)} replace />;
  if (!account.data) return <FormError message={errorMessage(account.error)} />;
  return <Regimen account={account.data} />;
}

function Regimen({ account }: { account: AccountDto }) {
  const now = useNow();
  // DESIGN §6.2: a regimen runs in its owner's zone.
  const zone = account.timeZone ?? browserTimeZone();
  const today = localDateOf(now, zone);
  const meds = useTrackedMedications(account.id);
  useAccountEvents(account.id);
  const logs = useRecentLogs(account.id, today, zone);
  const recent = logs.data ?? NO_LOGS;
  const todays = useMemo(() => newestFirst(logsOnDay(recent, today, zone)), [recent, today, zone]);
  const viewer = { isOwnAccount: account.isOwnAccount, ownerName: account.name };

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
        </div>
      )}
      {meds.data && <FoodBanner meds={meds.data} logs={recent} now={now} zone={zone} />}
      {zone !== browserTimeZone() && <p className="zone-note">Times are shown in {zone}.</p>}
      {meds.isPending || logs.isPending ? (
        <Loading />
      ) : meds.isError || logs.isError ? (
        <FormError message="Failed to get current medications" />
      ) : meds.data.length === 0 ? (
        <p className="empty-text">
          No medications selected. Go to <Link to={paths.profile(account.id)}>Profile</Link> to select medications to track.
        </p>
      ) : (
        <>
          <div className="cards">
            {meds.data.map((med) => (
              <MedicationCard key={med.id} accountId={account.id} med={med} logs={recent} now={now} zone={zone} viewer={viewer} />
            ))}
          </div>
          <TodayLog accountId={account.id} logs={todays} meds={meds.data} zone={zone} />
        </>
      )}
    </section>
  );
}

export function RegimenRoute() {
  const { userId = "" } = useParams();
  return <RequireUser>{(me) => <RegimenAccess key={userId} me={me} userId={userId} />}</RequireUser>;
}
