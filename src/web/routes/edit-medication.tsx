import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { medicationConfigErrors } from "../../domain/medication-config.schema.ts";
import type { FoodAvoidanceType, FoodRestrictionType, MedicationConfig } from "../../domain/medications.ts";
import type { AccountDto } from "../../shared/api-schemas.ts";
import { BackLink } from "../components/back-link.tsx";
import { ConfirmDialog } from "../components/dialog.tsx";
import { Loading } from "../components/loading.tsx";
import {
  useCustomMedication,
  useDeleteCustomMedication,
  useSaveCustomMedication,
  type MedicationInput,
} from "../features/medications/api/medications.ts";
import { SchedulePreview } from "../features/medications/components/schedule-preview.tsx";
import { browserTimeZone } from "../features/session/api/session.ts";
import { RequireUser } from "../features/session/components/guards.tsx";
import { errorMessage } from "../lib/api.ts";
import { useNow } from "../lib/clock.ts";
import { paths } from "../paths.ts";
import { FormError } from "../components/form-error.tsx";

// The form keeps what the user typed (numbers as text); `toInput` turns it into the API's config.
type Form = {
  name: string;
  description: string;
  scheduleType: "fixed" | "flexible";
  fixedTimes: string[];
  minInterval: string;
  recommendedInterval: string;
  maxInterval: string;
  dailyFrequency: string;
  restriction: FoodRestrictionType | "none";
  restrictionBefore: string;
  restrictionAfter: string;
  restrictionCustom: string;
  withFood: boolean;
  withFoodReminder: boolean;
  withFoodMinutes: string;
  withFoodMessage: string;
  avoidance: FoodAvoidanceType;
  avoidanceAfter: string;
  avoidanceRemind: boolean;
  avoidanceRemindMinutes: string;
  avoidanceCustom: string;
  pillLabel: string;
  timingLabel: string;
};

const NEW: Form = {
  name: "",
  description: "",
  scheduleType: "fixed",
  fixedTimes: ["08:00"],
  minInterval: "60",
  recommendedInterval: "240",
  maxInterval: "720",
  dailyFrequency: "4",
  restriction: "none",
  restrictionBefore: "60",
  restrictionAfter: "60",
  restrictionCustom: "",
  withFood: false,
  withFoodReminder: false,
  withFoodMinutes: "30",
  withFoodMessage: "",
  avoidance: "none",
  avoidanceAfter: "0",
  avoidanceRemind: false,
  avoidanceRemindMinutes: "30",
  avoidanceCustom: "",
  pillLabel: "",
  timingLabel: "Next",
};

const num = (s: string) => (s.trim() === "" ? Number.NaN : Number(s));

function fromConfig(m: MedicationConfig): Form {
  return {
    name: m.name,
    description: m.description ?? "",
    scheduleType: m.scheduleType,
    fixedTimes: m.fixedTimes.length ? m.fixedTimes : ["08:00"],
    minInterval: String(m.timingRules.minInterval),
    recommendedInterval: String(m.timingRules.recommendedInterval),
    maxInterval: String(m.timingRules.maxInterval),
    dailyFrequency: String(m.timingRules.dailyFrequency),
    restriction: m.foodRestriction?.type ?? "none",
    restrictionBefore: String(m.foodRestriction?.before_minutes ?? 60),
    restrictionAfter: String(m.foodRestriction?.after_minutes ?? 60),
    restrictionCustom: m.foodRestriction?.custom_description ?? "",
    withFood: m.foodRequirement?.enabled ?? false,
    withFoodReminder: m.foodRequirement?.reminder_enabled ?? false,
    withFoodMinutes: String(m.foodRequirement?.remind_minutes_before ?? 30),
    withFoodMessage: m.foodRequirement?.custom_message ?? "",
    avoidance: m.foodAvoidance?.type ?? "none",
    avoidanceAfter: String(m.foodAvoidance?.after_minutes ?? 0),
    avoidanceRemind: m.foodAvoidance?.remind_to_eat ?? false,
    avoidanceRemindMinutes: String(m.foodAvoidance?.remind_minutes_before ?? 30),
    avoidanceCustom: m.foodAvoidance?.custom_description ?? "",
    pillLabel: m.displayConfig.pillLabel,
    timingLabel: m.displayConfig.timingLabel,
  };
}

function toInput(f: Form): MedicationInput {
  return {
    name: f.name,
    description: f.description,
    scheduleType: f.scheduleType,
    fixedTimes: f.scheduleType === "fixed" ? f.fixedTimes : [],
    timingRules: {
      minInterval: num(f.minInterval),
      recommendedInterval: num(f.recommendedInterval),
      maxInterval: num(f.maxInterval),
      dailyFrequency: num(f.dailyFrequency),
    },
    foodRestriction:
      f.restriction === "none"
        ? null
        : {
            type: f.restriction,
            before_minutes: num(f.restrictionBefore),
            after_minutes: num(f.restrictionAfter),
            ...(f.restriction === "custom" ? { custom_description: f.restrictionCustom } : {}),
          },
    foodRequirement: f.withFood
      ? {
          enabled: true,
          reminder_enabled: f.withFoodReminder,
          ...(f.withFoodReminder ? { remind_minutes_before: num(f.withFoodMinutes) } : {}),
          ...(f.withFoodMessage.trim() ? { custom_message: f.withFoodMessage } : {}),
        }
      : null,
    foodAvoidance:
      f.avoidance === "none"
        ? null
        : {
            type: f.avoidance,
            after_minutes: num(f.avoidanceAfter),
            remind_to_eat: f.avoidanceRemind,
            ...(f.avoidanceRemind ? { remind_minutes_before: num(f.avoidanceRemindMinutes) } : {}),
            ...(f.avoidanceCustom.trim() ? { custom_description: f.avoidanceCustom } : {}),
          },
    displayConfig: { pillLabel: f.pillLabel, timingLabel: f.timingLabel },
  };
}

function Field({ label, error, children, hint }: { label: string; error?: string; children: ReactNode; hint?: string }) {
  return (
    <label className="field">
      <span>{label}</span>
      {hint && <small className="hint">{hint}</small>}
      {children}
      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
    </label>
  );
}

const RESTRICTIONS: Array<[Form["restriction"], string]> = [
  ["none", "None"],
  ["protein", "Protein"],
  ["empty_stomach", "Empty stomach (no food)"],
  ["no_dairy", "No dairy"],
  ["no_caffeine", "No caffeine"],
  ["custom", "Something else"],
];
const AVOIDANCES: Array<[FoodAvoidanceType, string]> = [
  ...RESTRICTIONS.slice(0, 5),
  ["full_stomach", "Full stomach"],
  ["custom", "Something else"],
] as Array<[FoodAvoidanceType, string]>;

function Editor({ user, id, initial }: { user: AccountDto; id: string | null; initial: Form }) {
  const navigate = useNavigate();
  const now = useNow();
  const [form, setForm] = useState<Form>(initial);
  const [showErrors, setShowErrors] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useSaveCustomMedication(user.id);
  const remove = useDeleteCustomMedication(user.id);
  const input = toInput(form);
  const errors = showErrors ? medicationConfigErrors(input) : {};
  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const text = (key: keyof Form) => ({
    value: form[key] as string,
    onChange: (e: { target: { value: string } }) => set(key)(e.target.value as never),
  });
  const timeError = Object.entries(errors).find(([k]) => k.startsWith("fixedTimes"))?.[1];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShowErrors(true);
    setServerError(null);
    if (Object.keys(medicationConfigErrors(input)).length) return;
    save.mutate({ id, input }, { onSuccess: () => navigate(paths.profile(user.id)), onError: (err) => setServerError(errorMessage(err)) });
  };

  return (
    <>
      <form className="editor" onSubmit={submit} noValidate>
        <section className="card">
          <BackLink to={paths.profile(user.id)} />
          <h1>{id ? "Edit Medication" : "New Medication"}</h1>
          <h2>Schedule</h2>
          <Field label="Name" error={errors.name}>
            <input name="name" {...text("name")} />
          </Field>
          <Field label="Description" error={errors.description}>
            <input name="description" {...text("description")} />
          </Field>
          <fieldset className="choice">
            <legend>How is it taken?</legend>
            <label>
              <input type="radio" name="scheduleType" checked={form.scheduleType === "fixed"} onChange={() => set("scheduleType")("fixed")} /> At
              fixed times
            </label>
            <label>
              <input type="radio" name="scheduleType" checked={form.scheduleType === "flexible"} onChange={() => set("scheduleType")("flexible")} />{" "}
              Every few hours after the last dose
            </label>
          </fieldset>
          {form.scheduleType === "fixed" && (
            <fieldset className="times">
              <legend>Times</legend>
              {form.fixedTimes.map((t, i) => (
                <div className="time-row" key={i}>
                  <input
                    type="time"
                    aria-label={`Time ${i + 1}`}
                    value={t}
                    onChange={(e) => set("fixedTimes")(form.fixedTimes.map((x, j) => (j === i ? e.target.value : x)))}
                  />
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => set("fixedTimes")(form.fixedTimes.filter((_, j) => j !== i))}
                  >
                    Remove
                  </button>
                </div>
              ))}
              <button type="button" className="button button-secondary" onClick={() => set("fixedTimes")([...form.fixedTimes, "12:00"])}>
                + Add a time
              </button>
              {timeError && (
                <small className="field-error" role="alert">
                  {timeError}
                </small>
              )}
            </fieldset>
          )}
          <div className="grid-2">
            <Field label="Minimum interval (minutes)" error={errors["timingRules.minInterval"]}>
              <input type="number" inputMode="numeric" {...text("minInterval")} />
            </Field>
            <Field label="Recommended interval (minutes)" error={errors["timingRules.recommendedInterval"]}>
              <input type="number" inputMode="numeric" {...text("recommendedInterval")} />
            </Field>
            <Field label="Maximum interval (minutes)" error={errors["timingRules.maxInterval"]}>
              <input type="number" inputMode="numeric" {...text("maxInterval")} />
            </Field>
            <Field label="Doses per day" error={errors["timingRules.dailyFrequency"]}>
              <input type="number" inputMode="numeric" {...text("dailyFrequency")} />
            </Field>
          </div>
        </section>

        <section className="card">
          <h2>Food</h2>
          <Field label="Keep away from" error={errors["foodRestriction.type"]}>
            <select value={form.restriction} onChange={(e) => set("restriction")(e.target.value as Form["restriction"])}>
              {RESTRICTIONS.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </Field>
          {form.restriction !== "none" && (
            <div className="grid-2">
              {form.restriction === "custom" && (
                <Field label="What to keep away from" error={errors["foodRestriction.custom_description"]}>
                  <input {...text("restrictionCustom")} />
                </Field>
              )}
              <Field label="Minutes before a dose" error={errors["foodRestriction.before_minutes"]}>
                <input type="number" inputMode="numeric" {...text("restrictionBefore")} />
              </Field>
              <Field label="Minutes after a dose" error={errors["foodRestriction.after_minutes"]}>
                <input type="number" inputMode="numeric" {...text("restrictionAfter")} />
              </Field>
            </div>
          )}
          <label className="check">
            <input type="checkbox" checked={form.withFood} onChange={(e) => set("withFood")(e.target.checked)} /> Take it with food
          </label>
          {form.withFood && (
            <div className="nested">
              <label className="check">
                <input type="checkbox" checked={form.withFoodReminder} onChange={(e) => set("withFoodReminder")(e.target.checked)} /> Remind me to eat
                first
              </label>
              {form.withFoodReminder && (
                <Field label="Minutes before the dose" error={errors["foodRequirement.remind_minutes_before"]}>
                  <input type="number" inputMode="numeric" {...text("withFoodMinutes")} />
                </Field>
              )}
              <Field label="Message on the card" error={errors["foodRequirement.custom_message"]}>
                <input {...text("withFoodMessage")} />
              </Field>
            </div>
          )}
          <Field label="Food to avoid" error={errors["foodAvoidance.type"]}>
            <select value={form.avoidance} onChange={(e) => set("avoidance")(e.target.value as FoodAvoidanceType)}>
              {AVOIDANCES.map(([v, l]) => (
                <option key={`${v}-${l}`} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </Field>
          {form.avoidance !== "none" && (
            <div className="nested">
              <Field label="For how many minutes after a dose" error={errors["foodAvoidance.after_minutes"]}>
                <input type="number" inputMode="numeric" {...text("avoidanceAfter")} />
              </Field>
              <label className="check">
                <input type="checkbox" checked={form.avoidanceRemind} onChange={(e) => set("avoidanceRemind")(e.target.checked)} /> Remind me to eat
              </label>
              {form.avoidanceRemind && (
                <Field label="Minutes before the dose" error={errors["foodAvoidance.remind_minutes_before"]}>
                  <input type="number" inputMode="numeric" {...text("avoidanceRemindMinutes")} />
                </Field>
              )}
              <Field label="Description" error={errors["foodAvoidance.custom_description"]}>
                <input {...text("avoidanceCustom")} />
              </Field>
            </div>
          )}
        </section>

        <section className="card">
          <h2>Display</h2>
          <div className="grid-2">
            <Field label="Pill label" hint="On the card and its button" error={errors["displayConfig.pillLabel"]}>
              <input {...text("pillLabel")} />
            </Field>
            <Field label="Timing label" hint="As in 'NEXT AT'" error={errors["displayConfig.timingLabel"]}>
              <input {...text("timingLabel")} />
            </Field>
          </div>
          <FormError message={errors.form} />
          {showErrors && Object.keys(errors).length > 0 && <FormError message="Please correct the fields marked above." />}
          <FormError message={serverError} />
          <button type="submit" className="button button-big" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save"}
          </button>
          {id && (
            <button type="button" className="button button-danger button-big" onClick={() => setConfirmDelete(true)}>
              Delete
            </button>
          )}
        </section>
      </form>
      <SchedulePreview config={input} now={now} zone={user.timeZone ?? browserTimeZone()} />
      {confirmDelete && id && (
        <ConfirmDialog
          title={`Delete ${form.name || "this medication"}? Its past doses stay in the history.`}
          confirmLabel="Delete"
          danger
          busy={remove.isPending}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() =>
            remove.mutate(id, {
              onSuccess: () => navigate(paths.profile(user.id)),
              onError: (err) => {
                setConfirmDelete(false);
                setServerError(errorMessage(err));
              },
            })
          }
        />
      )}
    </>
  );
}

function EditExisting({ user, id }: { user: AccountDto; id: string }) {
  const med = useCustomMedication(user.id, id);
  if (med.isPending) return <Loading />;
  if (med.isError)
    return (
      <section className="card">
        <h1>Edit Medication</h1>
        <FormError message="Medication not found" />
        <Link to={paths.profile(user.id)}>← Back to your profile</Link>
      </section>
    );
  return <Editor user={user} id={id} initial={fromConfig(med.data)} />;
}

export function Component() {
  const [params] = useSearchParams();
  const id = params.get("id");
  return <RequireUser>{(user) => (id ? <EditExisting key={id} user={user} id={id} /> : <Editor user={user} id={null} initial={NEW} />)}</RequireUser>;
}
