import { memo, useState } from "react";
import { loggedByText } from "../../../../domain/attribution.ts";
import { skippedText } from "../../../../domain/dose-guard.ts";
import { logMedicationId, type MedicationConfig } from "../../../../domain/medications.ts";
import { formatClock } from "../../../../domain/zoned-time.ts";
import type { PillLogDto } from "../../../../shared/api-schemas.ts";
import { ConfirmDialog } from "../../../components/dialog.tsx";
import { useDeletePillLog, useDiscardPendingPillLog } from "../api/pill-logs.ts";
import { FormError } from "../../../components/form-error.tsx";

function PersonIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="currentColor" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="currentColor" />
    </svg>
  );
}

function labelOf(log: PillLogDto, meds: MedicationConfig[]): string {
  return meds.find((m) => m.id === logMedicationId(log))?.displayConfig.pillLabel ?? log.medicationName;
}

/** SPEC §2 'Today's Medications:' with 'Undo Last'. `logs` are today's, newest first. It does not tick with the clock. */
export const TodayLog = memo(function TodayLog({
  accountId,
  logs,
  waiting,
  meds,
  zone,
}: {
  accountId: string;
  logs: PillLogDto[];
  /** Doses saved on this device, waiting until the server answers again. */
  waiting: ReadonlySet<string>;
  meds: MedicationConfig[];
  zone: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useDeletePillLog(accountId);
  const discard = useDiscardPendingPillLog(accountId);
  const last = logs[0];

  const undo = () => {
    if (!last) return;
    // A dose still waiting to sync leaves the queue: nothing is ever sent.
    if (waiting.has(last.id) && discard(last.id)) return setConfirming(false);
    remove.mutate(last.id, {
      onSuccess: () => setConfirming(false),
      onError: () => {
        setConfirming(false);
        setError("Failed to delete medication log. Please try again.");
      },
    });
  };

  return (
    <section className="card today-log" aria-labelledby="today-log-title">
      <div className="today-log-head">
        <h2 id="today-log-title">Today&apos;s Medications:</h2>
        <button
          type="button"
          className="button button-secondary"
          disabled={!last}
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          Undo Last
        </button>
      </div>
      <FormError message={error} />
      {logs.length === 0 ? (
        <p className="muted">No doses logged yet today.</p>
      ) : (
        <ul className="log-list">
          {logs.map((log) => {
            const by = loggedByText(log);
            return (
              <li key={log.id} className={log.status === "skipped" ? "log-skipped" : undefined}>
                <span className="log-time">{formatClock(log.timestamp, zone)}</span>
                <span className="log-med">{labelOf(log, meds)}</span>
                {log.status === "skipped" && <span className="log-skip">{skippedText(log.skipReason)}</span>}
                {by && (
                  <span className="log-by">
                    <PersonIcon />
                    {by}
                  </span>
                )}
                {waiting.has(log.id) && <span className="log-pending">Waiting to sync</span>}
              </li>
            );
          })}
        </ul>
      )}
      {confirming && last && (
        <ConfirmDialog
          title={`Remove last entry (${labelOf(last, meds)} at ${formatClock(last.timestamp, zone)})?`}
          confirmLabel="Remove"
          danger
          busy={remove.isPending}
          onConfirm={undo}
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
});
