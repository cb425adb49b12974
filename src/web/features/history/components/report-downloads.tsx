import { useState } from "react";
import { addLocalDays } from "../../../../domain/zoned-time.ts";
import { MAX_HISTORY_DAYS } from "../../../../shared/api-schemas.ts";
import { FormError } from "../../../components/form-error.tsx";
import { reportUrl } from "../api/adherence.ts";

const dayCount = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** The range problem, or null. Example: from after to → 'The start date must not be after the end date'. */
function rangeProblem(from: string, to: string): string | null {
  if (!from || !to) return "Choose a start and an end date";
  if (from > to) return "The start date must not be after the end date";
  if (dayCount(from, to) > MAX_HISTORY_DAYS) return `The range can be at most ${MAX_HISTORY_DAYS} days`;
  return null;
}

/** 'Download CSV' and 'Download PDF report' for a range: the last 30 days by default, at most 366. */
export function ReportDownloads({ accountId, today, onRange }: { accountId: string; today: string; onRange: (from: string, to: string) => void }) {
  const [from, setFrom] = useState(addLocalDays(today, -29));
  const [to, setTo] = useState(today);
  const problem = rangeProblem(from, to);
  const change = (f: string, t: string) => {
    setFrom(f);
    setTo(t);
    if (!rangeProblem(f, t)) onRange(f, t);
  };
  return (
    <section className="card downloads" aria-labelledby="downloads-title">
      <h2 id="downloads-title">Reports</h2>
      <div className="range-fields">
        <label className="field">
          <span>From</span>
          <input type="date" value={from} max={to || today} onChange={(e) => change(e.target.value, to)} />
        </label>
        <label className="field">
          <span>To</span>
          <input type="date" value={to} min={from} onChange={(e) => change(from, e.target.value)} />
        </label>
      </div>
      <FormError message={problem} />
      {!problem && <p className="muted">{dayCount(from, to)} days. The PDF is a summary for your neurologist, with every dose after it.</p>}
      <div className="download-buttons">
        <a className="button" href={problem ? undefined : reportUrl(accountId, "csv", from, to)} download aria-disabled={Boolean(problem)}>
          Download CSV
        </a>
        <a className="button" href={problem ? undefined : reportUrl(accountId, "pdf", from, to)} download aria-disabled={Boolean(problem)}>
          Download PDF report
        </a>
      </div>
    </section>
  );
}
