import { dayAtAGlance, doseAlertLines, formatMinutesOff, statusText, type DayAdherence, type DoseRecord } from "../../../../domain/adherence.ts";
import { longDayTitle } from "../../../../domain/calendar.ts";
import { formatClock, localDateOf } from "../../../../domain/zoned-time.ts";

function Dose({ dose, zone }: { dose: DoseRecord; zone: string }) {
  const taken = dose.takenAt ? formatClock(dose.takenAt, zone) + (localDateOf(dose.takenAt, zone) !== dose.date ? " (next day)" : "") : "—";
  return (
    <li className={`dose dose-${dose.status}`}>
      <div className="dose-head">
        <strong>{dose.pillLabel}</strong>
        <span className="dose-status">{statusText(dose)}</span>
      </div>
      <dl className="dose-facts">
        <div>
          <dt>Scheduled</dt>
          <dd>{dose.scheduledAt ? formatClock(dose.scheduledAt, zone) : dose.scheduleType === "flexible" ? "First dose of the day" : "—"}</dd>
        </div>
        <div>
          <dt>Taken</dt>
          <dd>{dose.status === "skipped" ? "Skipped" : taken}</dd>
        </div>
        {dose.minutesOff !== null && (
          <div>
            <dt>Off schedule</dt>
            <dd>{formatMinutesOff(dose.minutesOff)}</dd>
          </div>
        )}
        {dose.loggedByName && (
          <div>
            <dt>Logged by</dt>
            <dd>{dose.loggedByName}</dd>
          </div>
        )}
        {dose.recommendedInterval !== null && dose.intervalMinutes !== null && (
          <div>
            <dt>Interval</dt>
            <dd>
              {dose.intervalMinutes} min (recommended {dose.recommendedInterval})
            </dd>
          </div>
        )}
      </dl>
      {dose.tooSoon && <p className="dose-warning">⚠ Only {dose.intervalMinutes} minutes after the previous dose</p>}
      {dose.alerts && dose.alerts.length > 0 && (
        <p className="dose-alerts">
          {doseAlertLines(dose.alerts, zone).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </p>
      )}
    </li>
  );
}

/** Every scheduled dose of a day (and any unscheduled one), with its times, minutes off, status and who logged it. */
export function DayDoses({ day, zone }: { day: DayAdherence; zone: string }) {
  const glance = dayAtAGlance(day.summary);
  return (
    <section className="card day-doses" aria-labelledby="day-title">
      <h2 id="day-title">{longDayTitle(day.date)}</h2>
      <p className={`day-glance tone-${glance.tone}`}>{glance.lines.join(" · ")}</p>
      {day.doses.length === 0 ? (
        <p className="muted">No doses were scheduled or logged on this day.</p>
      ) : (
        <ul className="dose-list">
          {day.doses.map((d, i) => (
            <Dose key={`${d.medicationId}-${d.slot}-${d.logId ?? i}`} dose={d} zone={zone} />
          ))}
        </ul>
      )}
    </section>
  );
}
