import type { ReactNode } from "react";
import { get, useFormState } from "react-hook-form";
import type { MedicationFormValues } from "./medication-form.ts";

/** The schema's message for a field path ("timingRules.maxInterval"), once the form has been submitted. */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState<MedicationFormValues>({ name: name as never });
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | Array<{ message?: string }> | undefined;
  if (Array.isArray(error)) return error.find(Boolean)?.message;
  return error?.message ?? error?.root?.message;
}

export function FieldError({ name }: { name: string }) {
  const error = useFieldError(name);
  return error ? (
    <small className="field-error" role="alert">
      {error}
    </small>
  ) : null;
}

/** A labelled input with its hint and its error under it. */
export function Field({ label, name, children, hint }: { label: string; name: string; children: ReactNode; hint?: string }) {
  return (
    <label className="field">
      <span>{label}</span>
      {hint && <small className="hint">{hint}</small>}
      {children}
      <FieldError name={name} />
    </label>
  );
}
