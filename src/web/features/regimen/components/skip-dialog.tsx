import { useEffect, useId, useRef, useState } from "react";
import { MAX_SKIP_REASON_LENGTH, SKIP_REASONS } from "../../../../domain/dose-guard.ts";
import { Dialog } from "../../../components/dialog.tsx";
import { FormError } from "../../../components/form-error.tsx";

const OTHER = "Other";

/**
 * DESIGN §12 "Skip this dose": one big choice per reason, or the person's own words. Nothing is sent until
 * 'SKIP DOSE'; 'CANCEL' (or Escape) stores nothing.
 */
export function SkipDialog(props: { pill: string; time: string; busy: boolean; onSkip: (reason: string) => void; onClose: () => void }) {
  const [choice, setChoice] = useState<string | null>(null);
  const [other, setOther] = useState("");
  const [error, setError] = useState<string | null>(null);
  const name = useId();
  const errorId = useId();
  const otherRef = useRef<HTMLInputElement>(null);
  // Choosing 'Other' puts the cursor in its text box (an autofocus attribute works only when a page loads).
  useEffect(() => {
    if (choice === OTHER) otherRef.current?.focus();
  }, [choice]);

  const submit = () => {
    const reason = choice === OTHER ? other.trim() : choice;
    if (!reason) return setError("Please choose why the dose is skipped");
    props.onSkip(reason);
  };

  return (
    <Dialog
      title={`Skip this dose of ${props.pill} (${props.time})?`}
      onClose={props.onClose}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={props.onClose}>
            CANCEL
          </button>
          <button type="button" className="button" onClick={submit} disabled={props.busy}>
            SKIP DOSE
          </button>
        </>
      }
    >
      <fieldset className="skip-reasons" aria-describedby={error ? errorId : undefined}>
        <legend>Why is it skipped?</legend>
        {[...SKIP_REASONS, OTHER].map((reason) => (
          <label key={reason} className="skip-reason">
            <input
              type="radio"
              name={name}
              value={reason}
              checked={choice === reason}
              onChange={() => {
                setChoice(reason);
                setError(null);
              }}
            />
            <span>{reason}</span>
          </label>
        ))}
        {choice === OTHER && (
          <label className="skip-other">
            <span>Other reason</span>
            <input
              type="text"
              value={other}
              maxLength={MAX_SKIP_REASON_LENGTH}
              ref={otherRef}
              onChange={(e) => {
                setOther(e.currentTarget.value);
                setError(null);
              }}
            />
          </label>
        )}
      </fieldset>
      <FormError id={errorId} message={error} />
    </Dialog>
  );
}
