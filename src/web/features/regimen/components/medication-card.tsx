import { memo, useCallback, useState } from "react";
import { confirmDoseText, doseButtonText, type Viewer } from "../../../../domain/attribution.ts";
import { cardState, cardTexts, earlyDose, skipInstant, type CardState } from "../../../../domain/card-state.ts";
import { foodReminder } from "../../../../domain/food.ts";
import type { MedicationConfig } from "../../../../domain/medications.ts";
import { pickedInstant, pickerValueAt, type PickerValue } from "../../../../domain/time-picker.ts";
import type { DoseLog } from "../../../../domain/types.ts";
import { formatClock } from "../../../../domain/zoned-time.ts";
import { Dialog } from "../../../components/dialog.tsx";
import { useClockValue, useNow } from "../../../lib/clock.ts";
import { newId } from "../../../lib/uuid.ts";
import { useDismissRefusedPillLog, useRefusedPillLogs, useSavePillLog, type SaveLog } from "../api/pill-logs.ts";
import { SkipDialog } from "./skip-dialog.tsx";
import { TimePicker } from "./time-picker.tsx";
import { FormError } from "../../../components/form-error.tsx";

type Flow = { step: "early"; at: Date } | { step: "confirm"; id: string; value: PickerValue } | { step: "skip"; id: string; at: Date } | null;

/** Two states of a card are the same when they would show the same thing (a new Date each second is not a change). */
function sameState(a: CardState, b: CardState): boolean {
  if (a.kind === "next" && b.kind === "next") return a.at.getTime() === b.at.getTime() && a.tomorrow === b.tomorrow;
  if (a.kind === "overdue" && b.kind === "overdue") return a.since.getTime() === b.since.getTime();
  return a.kind === b.kind;
}

/** The countdown panel: the one part of a card that changes every second, so the only one redrawn each second. */
function Countdown({ state, med, zone }: { state: CardState; med: MedicationConfig; zone: string }) {
  const texts = cardTexts(state, med, useNow(), zone);
  return (
    <div className={`countdown countdown-${state.kind}`} data-testid="countdown">
      <p className="countdown-title">{texts.title}</p>
      {texts.time && (
        <p className="countdown-time">
          {texts.time}
          {texts.tomorrow && <span className="countdown-tomorrow"> {texts.tomorrow}</span>}
        </p>
      )}
      {texts.countdown && (
        <p className="countdown-clock" aria-label={state.kind === "overdue" ? `Overdue by ${texts.countdown}` : `Time left ${texts.countdown}`}>
          {texts.countdown}
        </p>
      )}
    </div>
  );
}

/**
 * SPEC §2 medication card: reminder, countdown panel, the big button, and the logging flow of SPEC §4. It redraws
 * when its state changes (a dose comes due, a log arrives), not when the page does (the logs' 30-second refresh);
 * only its countdown follows the seconds.
 */
export const MedicationCard = memo(function MedicationCard(props: {
  accountId: string;
  med: MedicationConfig;
  logs: DoseLog[];
  zone: string;
  viewer: Viewer;
}) {
  const { med, logs, zone, viewer } = props;
  const [flow, setFlow] = useState<Flow>(null);
  const save = useSavePillLog(props.accountId);
  // DESIGN §12: a save the server refused, however it was sent (at once, or after waiting offline). "Already
  // logged by …" asks; the dose is sent again only if the person says so. Any other refusal says it failed.
  const refused = useRefusedPillLogs(props.accountId, med.id)[0];
  const dismissRefused = useDismissRefusedPillLog(props.accountId);
  const duplicate = refused?.duplicate && !refused.log.confirmDuplicate ? { log: refused.log, message: refused.duplicate.error } : null;
  const error = refused && !duplicate ? "Failed to save pill log. Please try again." : null;
  const clearError = () => {
    if (refused && !duplicate) dismissRefused(refused.log.id);
  };
  const state = useClockValue(
    useCallback((now: Date) => cardState(med, logs, now, zone), [med, logs, zone]),
    sameState,
  );
  const reminder = foodReminder(med, state.kind === "next" ? state.at : state.kind === "overdue" ? state.since : null, zone);
  const pill = med.displayConfig.pillLabel;
  const titleId = `card-${med.id}`;

  // What a press does depends on the moment of the press, not of the last redraw.
  const startConfirm = () => setFlow({ step: "confirm", id: newId(), value: pickerValueAt(new Date(), zone) });
  const press = () => {
    clearError();
    const early = earlyDose(med, logs, new Date(), zone);
    if (early) setFlow({ step: "early", at: early.at });
    else startConfirm();
  };
  // The dose counts at once (the page shows it as waiting until the server has it, DESIGN §10): the dialog closes
  // now, offline too, and only a refusal comes back (`refused`).
  const send = (log: SaveLog) => {
    setFlow(null);
    save.mutate({ accountId: props.accountId, ...log });
  };
  const confirm = (id: string, value: PickerValue) =>
    send({ id, timestamp: pickedInstant(new Date(), value, zone).toISOString(), medicationId: med.id });
  const startSkip = () => {
    clearError();
    // The skip names the dose the card shows, so it takes that dose's slot and no other (ADR 023).
    setFlow({ step: "skip", id: newId(), at: skipInstant(med, state, new Date()) });
  };
  const skip = (id: string, at: Date, reason: string) =>
    send({ id, timestamp: at.toISOString(), medicationId: med.id, status: "skipped", skipReason: reason });

  return (
    <article className="card med-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="med-name">
        {pill}
      </h2>
      {reminder && (
        <div className="reminder">
          <p>{reminder.text}</p>
          {reminder.customMessage && <p className="reminder-custom">{reminder.customMessage}</p>}
        </div>
      )}
      <Countdown state={state} med={med} zone={zone} />
      <FormError message={error} />
      <button type="button" className="button dose-button" onClick={press}>
        {doseButtonText(pill, viewer)}
      </button>
      {state.kind !== "all-done" && (
        <button type="button" className="button button-secondary skip-button" onClick={startSkip}>
          Skip this dose
        </button>
      )}

      {flow?.step === "early" && (
        <Dialog
          title={`Is this your ${med.displayConfig.timingLabel} dose, scheduled for ${formatClock(flow.at, zone)}?`}
          onClose={() => setFlow(null)}
          actions={
            <>
              <button type="button" className="button button-secondary" onClick={() => setFlow(null)}>
                CANCEL
              </button>
              <button type="button" className="button" onClick={startConfirm}>
                YES, CONFIRM
              </button>
            </>
          }
        >
          <p>You&apos;re taking this medication earlier than scheduled. Make sure this is the correct dose.</p>
        </Dialog>
      )}
      {flow?.step === "confirm" && (
        <Dialog
          title={confirmDoseText(pill, formatClock(pickedInstant(new Date(), flow.value, zone), zone), viewer)}
          onClose={() => setFlow(null)}
          actions={
            <>
              <button type="button" className="button button-secondary" onClick={() => setFlow(null)}>
                CANCEL
              </button>
              <button type="button" className="button" onClick={() => confirm(flow.id, flow.value)}>
                CONFIRM
              </button>
            </>
          }
        >
          <TimePicker value={flow.value} onChange={(value) => setFlow({ ...flow, value })} />
        </Dialog>
      )}
      {flow?.step === "skip" && (
        <SkipDialog
          pill={pill}
          time={formatClock(flow.at, zone)}
          busy={save.isPending}
          onSkip={(reason) => skip(flow.id, flow.at, reason)}
          onClose={() => setFlow(null)}
        />
      )}
      {duplicate && !flow && (
        <Dialog
          title={`${duplicate.message}. ${duplicate.log.status === "skipped" ? "Skip this dose anyway?" : "Log another dose anyway?"}`}
          onClose={() => dismissRefused(duplicate.log.id)}
          actions={
            <>
              <button type="button" className="button button-secondary" onClick={() => dismissRefused(duplicate.log.id)}>
                CANCEL
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  dismissRefused(duplicate.log.id);
                  save.mutate({ ...duplicate.log, confirmDuplicate: true });
                }}
              >
                {duplicate.log.status === "skipped" ? "SKIP ANYWAY" : "LOG ANOTHER"}
              </button>
            </>
          }
        />
      )}
    </article>
  );
});
