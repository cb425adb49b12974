import { dayAtAGlance, type DayAdherence } from "../../../../domain/adherence.ts";
import { longDayTitle, monthWeeks, type LocalMonth } from "../../../../domain/calendar.ts";

const WEEKDAYS = [
  ["Sun", "Sunday"],
  ["Mon", "Monday"],
  ["Tue", "Tuesday"],
  ["Wed", "Wednesday"],
  ["Thu", "Thursday"],
  ["Fri", "Friday"],
  ["Sat", "Saturday"],
];

/** A month of days, each a button showing its adherence in colour and in words ("4 of 4 on time", "1 missed"). */
export function MonthCalendar(props: {
  month: LocalMonth;
  days: Map<string, DayAdherence>;
  today: string;
  selected: string | null;
  onSelect: (date: string) => void;
}) {
  return (
    <table className="calendar">
      <thead>
        <tr>
          {WEEKDAYS.map(([short, long]) => (
            <th key={short} scope="col">
              <abbr title={long}>{short}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(props.month).map((week, i) => (
          <tr key={i}>
            {week.map((date, j) => {
              if (!date) return <td key={j} />;
              const day = props.days.get(date);
              const future = date > props.today;
              const glance = day && !future ? dayAtAGlance(day.summary) : null;
              const lines = glance ? (glance.tone === "none" ? [] : glance.lines.slice(0, 2)) : [];
              return (
                <td key={date}>
                  <button
                    type="button"
                    className={`calendar-day tone-${future ? "future" : (glance?.tone ?? "none")}`}
                    aria-pressed={props.selected === date}
                    aria-label={`${longDayTitle(date)}: ${glance ? glance.lines.join(", ") : future ? "not yet" : "loading"}`}
                    onClick={() => props.onSelect(date)}
                  >
                    <span className="calendar-date">{Number(date.slice(8, 10))}</span>
                    {lines.map((line) => (
                      <span key={line} className="calendar-line">
                        {line}
                      </span>
                    ))}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
