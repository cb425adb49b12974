import { useId } from "react";
import { ALERT_DELAY } from "../../../../domain/alerts.ts";
import { FormError } from "../../../components/form-error.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useMissedDoseAlert, useSaveMissedDoseAlert } from "../api/missed-dose-alert.ts";

/** The delays offered (DESIGN §12 allows 5–240 minutes); a delay set some other way is offered too. */
const DELAYS = [5, 10, 15, 30, 45, 60, 90, 120, 180, 240];

const delayText = (m: number) => (m < 60 || m % 60 !== 0 ? `${m} minutes` : m === 60 ? "1 hour" : `${m / 60} hours`);

/**
 * DESIGN §12 on a caregiver's view of someone's regimen: "Alert me when {owner} misses a dose", with how long after
 * the dose time. Each change is saved at once (docs/decisions/023).
 */
export function MissedDoseAlert({ accountId, ownerName }: { accountId: string; ownerName: string }) {
  const alert = useMissedDoseAlert(accountId);
  const save = useSaveMissedDoseAlert(accountId);
  const delayId = useId();
  const current = save.isPending && save.variables ? save.variables : alert.data;
  if (!current) return alert.isError ? <FormError message="Could not load the missed-dose alert" /> : null;
  const delays = [...new Set([...DELAYS, current.delayMinutes])].sort((a, b) => a - b);
  const change = (next: { enabled?: boolean; delayMinutes?: number }) => save.mutate({ ...current, ...next });

  return (
    <div className="missed-dose-alert">
      <label className="alert-toggle">
        <input type="checkbox" checked={current.enabled} onChange={(e) => change({ enabled: e.currentTarget.checked })} disabled={save.isPending} />
        <span>Alert me when {ownerName} misses a dose</span>
      </label>
      <div className="alert-delay">
        <label htmlFor={delayId}>Alert me after</label>
        <select
          id={delayId}
          value={current.delayMinutes}
          onChange={(e) => change({ delayMinutes: Number(e.currentTarget.value) })}
          disabled={save.isPending || !current.enabled}
        >
          {delays
            .filter((m) => m >= ALERT_DELAY.min && m <= ALERT_DELAY.max)
            .map((m) => (
              <option key={m} value={m}>
                {delayText(m)}
              </option>
            ))}
        </select>
      </div>
      <p className="alert-summary" role="status">
        {current.enabled
          ? `On: you get a notification (or an e-mail) when a dose is not logged ${delayText(current.delayMinutes)} after its time.`
          : "Off"}
      </p>
      <FormError message={save.isError ? errorMessage(save.error, "Could not save the missed-dose alert. Please try again.") : null} />
    </div>
  );
}
