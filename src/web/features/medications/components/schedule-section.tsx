import { Controller, useFormContext, useWatch } from "react-hook-form";
import { Field, FieldError } from "./form-field.tsx";
import type { MedicationFormValues } from "./medication-form.ts";

const minutes = { valueAsNumber: true } as const;

/** How the medication is taken: its name, fixed times or an interval, and the timing rules (DESIGN §6.9). */
export function ScheduleSection() {
  const { register, control } = useFormContext<MedicationFormValues>();
  const scheduleType = useWatch({ control, name: "scheduleType" });
  return (
    <>
      <h2>Schedule</h2>
      <Field label="Name" name="name">
        <input {...register("name")} />
      </Field>
      <Field label="Description" name="description">
        <input {...register("description")} />
      </Field>
      <fieldset className="choice">
        <legend>How is it taken?</legend>
        <label>
          <input type="radio" value="fixed" {...register("scheduleType")} /> At fixed times
        </label>
        <label>
          <input type="radio" value="flexible" {...register("scheduleType")} /> Every few hours after the last dose
        </label>
      </fieldset>
      {scheduleType === "fixed" && (
        <Controller
          control={control}
          name="fixedTimes"
          render={({ field: { value = [], onChange } }) => (
            <fieldset className="times">
              <legend>Times</legend>
              {value.map((t, i) => (
                <div className="time-row" key={i}>
                  <input
                    type="time"
                    aria-label={`Time ${i + 1}`}
                    value={t}
                    onChange={(e) => onChange(value.map((x, j) => (j === i ? e.target.value : x)))}
                  />
                  <button type="button" className="button button-secondary" onClick={() => onChange(value.filter((_, j) => j !== i))}>
                    Remove
                  </button>
                </div>
              ))}
              <button type="button" className="button button-secondary" onClick={() => onChange([...value, "12:00"])}>
                + Add a time
              </button>
              <FieldError name="fixedTimes" />
            </fieldset>
          )}
        />
      )}
      <div className="grid-2">
        <Field label="Minimum interval (minutes)" name="timingRules.minInterval">
          <input type="number" inputMode="numeric" {...register("timingRules.minInterval", minutes)} />
        </Field>
        <Field label="Recommended interval (minutes)" name="timingRules.recommendedInterval">
          <input type="number" inputMode="numeric" {...register("timingRules.recommendedInterval", minutes)} />
        </Field>
        <Field label="Maximum interval (minutes)" name="timingRules.maxInterval">
          <input type="number" inputMode="numeric" {...register("timingRules.maxInterval", minutes)} />
        </Field>
        <Field label="Doses per day" name="timingRules.dailyFrequency">
          <input type="number" inputMode="numeric" {...register("timingRules.dailyFrequency", minutes)} />
        </Field>
      </div>
    </>
  );
}
