import { useState } from "react";
import { confirmDoseText, doseButtonText, type Viewer } from "../../../../domain/attribution.ts";
import { cardState, cardTexts, earlyDose } from "../../../../domain/card-state.ts";
import { foodReminder } from "../../../../domain/food.ts";
import type { MedicationConfig } from "../../../../domain/medications.ts";
import { pickedInstant, pickerValueAt, type PickerValue } from "../../../../domain/time-picker.ts";
import type { DoseLog } from "../../../../domain/types.ts";
import { formatClock } from "../../../../domain/zoned-time.ts";
import { Dialog } from "../../../components/dialog.tsx";
import { newId } from "../../../lib/uuid.ts";
import { useSavePillLog } from "../api/pill-logs.ts";
import { TimePicker } from "./time-picker.tsx";
import { FormError } from "../../../components/form-error.tsx";

type Flow = { step: "early"; at: Date } | { step: "confirm"; id: string; value: PickerValue } | null;

/** SPEC §2 medication card: reminder, countdown panel, the big button, and the logging flow of SPEC §4. */
export function MedicationCard(props: { accountId: string; med: MedicationConfig; logs: DoseLog[]; now: Date; zone: string; viewer: Viewer }) {
  const { med, logs, now, zone, viewer } = props;
  const [flow, setFlow] = useState<Flow>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useSavePillLog(props.accountId);
  const state = cardState(med, logs, now, zone);
  const texts = cardTexts(state, med, now, zone);
  const reminder = foodReminder(med, state.kind === "next" ? state.at : state.kind === "overdue" ? state.since : null, zone);
  const pill = med.displayConfig.pillLabel;
  const titleId = `card-${med.id}`;

  const startConfirm = () => setFlow({ step: "confirm", id: newId(), value: pickerValueAt(now, zone) });
  const press = () => {
    setError(null);
    const early = earlyDose(med, logs, now, zone);
    if (early) setFlow({ step: "early", at: early.at });
    else startConfirm();
  };
  const confirm = (id: string, value: PickerValue) => {
    const timestamp = pickedInstant(now, value, zone).toISOString();
    save.mutate(
      { id, timestamp, medicationId: med.id },
      {
        onSuccess: () => setFlow(null),
        onError: () => {
          setFlow(null);
          setError("Failed to save pill log. Please try again.");
        },
      },
    );
  };

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
      <FormError message={error} />
      <button type="button" className="button dose-button" onClick={press}>
        {doseButtonText(pill, viewer)}
      </button>

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
          title={confirmDoseText(pill, formatClock(pickedInstant(now, flow.value, zone), zone), viewer)}
          onClose={() => setFlow(null)}
          actions={
            <>
              <button type="button" className="button button-secondary" onClick={() => setFlow(null)}>
                CANCEL
              </button>
              <button type="button" className="button" onClick={() => confirm(flow.id, flow.value)} disabled={save.isPending}>
                CONFIRM
              </button>
            </>
          }
        >
          <TimePicker value={flow.value} onChange={(value) => setFlow({ ...flow, value })} />
        </Dialog>
      )}
    </article>
  );
}
