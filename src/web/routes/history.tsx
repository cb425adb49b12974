import { useMemo, useState } from "react";
import { Navigate, useParams, useSearchParams } from "react-router";
import type { DayAdherence } from "../../domain/adherence.ts";
import { addMonths, monthOf, monthRange, monthTitle } from "../../domain/calendar.ts";
import { addLocalDays, localDateOf } from "../../domain/zoned-time.ts";
import type { AccountDto } from "../../shared/api-schemas.ts";
import { BackLink } from "../components/back-link.tsx";
import { FormError } from "../components/form-error.tsx";
import { Loading } from "../components/loading.tsx";
import { useAdherence } from "../features/history/api/adherence.ts";
import { DayDoses } from "../features/history/components/day-doses.tsx";
import { MonthCalendar } from "../features/history/components/month-calendar.tsx";
import { OffScheduleChart } from "../features/history/components/off-schedule-chart.tsx";
import { ReportDownloads } from "../features/history/components/report-downloads.tsx";
import { isAccessDenied, useAccount } from "../features/session/api/account.ts";
import { browserTimeZone } from "../features/session/api/session.ts";
import { RequireUser } from "../features/session/components/guards.tsx";
import { errorMessage } from "../lib/api.ts";
import { paths } from "../paths.ts";
import "./history.css";

/** DESIGN §13 /history/{userId}: a month calendar, a day's doses, the chart, and the two downloads. */
function History({ account }: { account: AccountDto }) {
  const zone = account.timeZone ?? browserTimeZone();
  // NOTE: today is read once; the page is about the past and needs no ticking clock.
  const [today] = useState(() => localDateOf(new Date(), zone));
  const [params, setParams] = useSearchParams();
  const month = /^\d{4}-\d{2}$/.test(params.get("month") ?? "") ? params.get("month")! : monthOf(today);
  const selected = /^\d{4}-\d{2}-\d{2}$/.test(params.get("day") ?? "") ? params.get("day") : null;
  const [monthFrom, monthTo] = monthRange(month);
  const monthData = useAdherence(account.id, monthFrom, monthTo);
  const [range, setRange] = useState<[string, string]>([addLocalDays(today, -29), today]);
  const rangeData = useAdherence(account.id, range[0], range[1]);
  const days = useMemo(() => new Map<string, DayAdherence>((monthData.data?.days ?? []).map((d) => [d.date, d])), [monthData.data]);
  const selectedDay = selected ? days.get(selected) : undefined;
  const go = (next: { month?: string; day?: string | null }) => {
    const p = new URLSearchParams(params);
    if (next.month) p.set("month", next.month);
    if (next.day === null) p.delete("day");
    else if (next.day) p.set("day", next.day);
    setParams(p, { replace: true });
  };

  return (
    <section className="history" aria-labelledby="history-title">
      <BackLink to={paths.regimen(account.id)} />
      <h1 id="history-title">{account.isOwnAccount ? "Your history" : `${account.name}'s history`}</h1>
      {zone !== browserTimeZone() && <p className="zone-note">Times are shown in {zone}.</p>}
      <div className="history-layout">
        <div className="card history-month">
          <div className="month-nav">
            <button type="button" className="button button-secondary" onClick={() => go({ month: addMonths(month, -1), day: null })}>
              ‹ <span className="visually-hidden">Previous month</span>
            </button>
            <h2 aria-live="polite">{monthTitle(month)}</h2>
            <button
              type="button"
              className="button button-secondary"
              disabled={month >= monthOf(today)}
              onClick={() => go({ month: addMonths(month, 1), day: null })}
            >
              › <span className="visually-hidden">Next month</span>
            </button>
          </div>
          {monthData.isError ? (
            <FormError message={errorMessage(monthData.error)} />
          ) : (
            <MonthCalendar month={month} days={days} today={today} selected={selected} onSelect={(day) => go({ day })} />
          )}
          {monthData.isPending && <Loading />}
        </div>
        {selectedDay ? <DayDoses day={selectedDay} zone={zone} /> : <p className="muted history-hint">Choose a day to see every dose.</p>}
      </div>
      <section className="card" aria-labelledby="chart-title">
        <h2 id="chart-title">Minutes off schedule</h2>
        <p className="muted">
          {range[0]} to {range[1]}
        </p>
        {rangeData.data ? (
          <OffScheduleChart adherence={rangeData.data} />
        ) : rangeData.isError ? (
          <FormError message={errorMessage(rangeData.error)} />
        ) : (
          <Loading />
        )}
      </section>
      <ReportDownloads accountId={account.id} today={today} onRange={(from, to) => setRange([from, to])} />
    </section>
  );
}

function HistoryAccess({ me, userId }: { me: AccountDto; userId: string }) {
  const account = useAccount(userId);
  if (account.isPending) return <Loading />;
  if (isAccessDenied(account.error)) return <Navigate to={paths.regimen(me.id)} replace />;
  if (!account.data) return <FormError message={errorMessage(account.error)} />;
  return <History account={account.data} />;
}

export function Component() {
  const { userId = "" } = useParams();
  return <RequireUser>{(me) => <HistoryAccess key={userId} me={me} userId={userId} />}</RequireUser>;
}
