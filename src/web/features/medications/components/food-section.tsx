import { Controller, useFormContext, useWatch } from "react-hook-form";
import type { FoodAvoidanceType, FoodRestrictionType } from "../../../../domain/medications.ts";
import { Field } from "./form-field.tsx";
import type { MedicationFormValues } from "./medication-form.ts";

const RESTRICTIONS: Array<[FoodRestrictionType | "none", string]> = [
  ["none", "None"],
  ["protein", "Protein"],
  ["empty_stomach", "Empty stomach (no food)"],
  ["no_dairy", "No dairy"],
  ["no_caffeine", "No caffeine"],
  ["custom", "Something else"],
];
const AVOIDANCES: Array<[FoodAvoidanceType, string]> = [
  ...(RESTRICTIONS.slice(0, 5) as Array<[FoodAvoidanceType, string]>),
  ["full_stomach", "Full stomach"],
  ["custom", "Something else"],
];
const LEAD_MINUTES = 30; // a reminder's lead when it is first switched on

const options = (list: Array<[string, string]>) =>
  list.map(([v, l]) => (
    <option key={`${v}-${l}`} value={v}>
      {l}
    </option>
  ));

/** Food kept away from a dose: before_minutes is the pre-dose reminder's lead, after_minutes the red banner's span. */
function Restriction() {
  const { register, control } = useFormContext<MedicationFormValues>();
  const restriction = useWatch({ control, name: "foodRestriction" });
  return (
    <>
      <Field label="Keep away from" name="foodRestriction.type">
        <Controller
          control={control}
          name="foodRestriction"
          render={({ field: { value, onChange } }) => (
            <select
              value={value?.type ?? "none"}
              onChange={(e) => {
                const type = e.target.value as FoodRestrictionType | "none";
                onChange(type === "none" ? null : { before_minutes: 60, after_minutes: 60, ...value, type });
              }}
            >
              {options(RESTRICTIONS)}
            </select>
          )}
        />
      </Field>
      {restriction && (
        <div className="grid-2">
          {restriction.type === "custom" && (
            <Field label="What to keep away from" name="foodRestriction.custom_description">
              <input {...register("foodRestriction.custom_description", { shouldUnregister: true })} />
            </Field>
          )}
          <Field label="Minutes before a dose" name="foodRestriction.before_minutes">
            <input type="number" inputMode="numeric" {...register("foodRestriction.before_minutes", { valueAsNumber: true })} />
          </Field>
          <Field label="Minutes after a dose" name="foodRestriction.after_minutes">
            <input type="number" inputMode="numeric" {...register("foodRestriction.after_minutes", { valueAsNumber: true })} />
          </Field>
        </div>
      )}
    </>
  );
}

/** Take it with food, with an optional reminder to eat first and a message on the card. */
function Requirement() {
  const { register, control, setValue, getValues } = useFormContext<MedicationFormValues>();
  const requirement = useWatch({ control, name: "foodRequirement" });
  return (
    <>
      <Controller
        control={control}
        name="foodRequirement"
        render={({ field: { value, onChange } }) => (
          <label className="check">
            <input
              type="checkbox"
              checked={Boolean(value)}
              onChange={(e) => onChange(e.target.checked ? { enabled: true, reminder_enabled: false } : null)}
            />{" "}
            Take it with food
          </label>
        )}
      />
      {requirement && (
        <div className="nested">
          <label className="check">
            <input
              type="checkbox"
              {...register("foodRequirement.reminder_enabled", {
                onChange: (e: { target: { checked: boolean } }) => {
                  if (e.target.checked && getValues("foodRequirement.remind_minutes_before") === undefined)
                    setValue("foodRequirement.remind_minutes_before", LEAD_MINUTES);
                },
              })}
            />{" "}
            Remind me to eat first
          </label>
          {requirement.reminder_enabled && (
            <Field label="Minutes before the dose" name="foodRequirement.remind_minutes_before">
              <input
                type="number"
                inputMode="numeric"
                {...register("foodRequirement.remind_minutes_before", { valueAsNumber: true, shouldUnregister: true })}
              />
            </Field>
          )}
          <Field label="Message on the card" name="foodRequirement.custom_message">
            <input {...register("foodRequirement.custom_message")} />
          </Field>
        </div>
      )}
    </>
  );
}

/** Food to avoid around a dose, with an optional reminder to eat (a full stomach). It has no span of its own. */
function Avoidance() {
  const { register, control, setValue, getValues } = useFormContext<MedicationFormValues>();
  const avoidance = useWatch({ control, name: "foodAvoidance" });
  return (
    <>
      <Field label="Food to avoid" name="foodAvoidance.type">
        <Controller
          control={control}
          name="foodAvoidance"
          render={({ field: { value, onChange } }) => (
            <select
              value={value?.type ?? "none"}
              onChange={(e) => {
                const type = e.target.value as FoodAvoidanceType;
                onChange(type === "none" ? null : { remind_to_eat: false, ...value, type });
              }}
            >
              {options(AVOIDANCES)}
            </select>
          )}
        />
      </Field>
      {avoidance && (
        <div className="nested">
          <label className="check">
            <input
              type="checkbox"
              {...register("foodAvoidance.remind_to_eat", {
                onChange: (e: { target: { checked: boolean } }) => {
                  if (e.target.checked && getValues("foodAvoidance.remind_minutes_before") === undefined)
                    setValue("foodAvoidance.remind_minutes_before", LEAD_MINUTES);
                },
              })}
            />{" "}
            Remind me to eat
          </label>
          {avoidance.remind_to_eat && (
            <Field label="Minutes before the dose" name="foodAvoidance.remind_minutes_before">
              <input
                type="number"
                inputMode="numeric"
                {...register("foodAvoidance.remind_minutes_before", { valueAsNumber: true, shouldUnregister: true })}
              />
            </Field>
          )}
          <Field label="Description" name="foodAvoidance.custom_description">
            <input {...register("foodAvoidance.custom_description")} />
          </Field>
        </div>
      )}
    </>
  );
}

export function FoodSection() {
  return (
    <>
      <h2>Food</h2>
      <Restriction />
      <Requirement />
      <Avoidance />
    </>
  );
}
