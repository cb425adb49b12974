import { useFormContext } from "react-hook-form";
import { Field } from "./form-field.tsx";
import type { MedicationFormValues } from "./medication-form.ts";

/** What the card shows: the pill's label (on the card and its button) and the timing label ('NEXT AT'). */
export function DisplaySection() {
  const { register } = useFormContext<MedicationFormValues>();
  return (
    <>
      <h2>Display</h2>
      <div className="grid-2">
        <Field label="Pill label" hint="On the card and its button" name="displayConfig.pillLabel">
          <input {...register("displayConfig.pillLabel")} />
        </Field>
        <Field label="Timing label" hint="As in 'NEXT AT'" name="displayConfig.timingLabel">
          <input {...register("displayConfig.timingLabel")} />
        </Field>
      </div>
    </>
  );
}
