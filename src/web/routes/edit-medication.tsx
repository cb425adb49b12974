import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { FormProvider, useForm, useFormContext, useWatch } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { medicationConfigInput } from "../../domain/medication-config.schema.ts";
import type { AccountDto } from "../../shared/api-schemas.ts";
import { BackLink } from "../components/back-link.tsx";
import { ConfirmDialog } from "../components/dialog.tsx";
import { FormError } from "../components/form-error.tsx";
import { Loading } from "../components/loading.tsx";
import { useCustomMedication, useDeleteCustomMedication, useSaveCustomMedication } from "../features/medications/api/medications.ts";
import { DisplaySection } from "../features/medications/components/display-section.tsx";
import { FieldError } from "../features/medications/components/form-field.tsx";
import { FoodSection } from "../features/medications/components/food-section.tsx";
import { formValuesOf, NEW_MEDICATION, type MedicationFormValues } from "../features/medications/components/medication-form.ts";
import { SchedulePreview } from "../features/medications/components/schedule-preview.tsx";
import { ScheduleSection } from "../features/medications/components/schedule-section.tsx";
import { browserTimeZone } from "../features/session/api/session.ts";
import { RequireUser } from "../features/session/components/guards.tsx";
import { errorMessage } from "../lib/api.ts";
import { useNow } from "../lib/clock.ts";
import { paths } from "../paths.ts";

/** Today's schedule as typed so far: the only part of the page that follows the clock. */
function LivePreview({ zone }: { zone: string }) {
  const now = useNow();
  const [scheduleType, fixedTimes = [], timingRules] = useWatch<MedicationFormValues, ["scheduleType", "fixedTimes", "timingRules"]>({
    name: ["scheduleType", "fixedTimes", "timingRules"],
  });
  return <SchedulePreview config={{ scheduleType, fixedTimes, timingRules }} now={now} zone={zone} />;
}

function FormSummary({ serverError }: { serverError: string | null }) {
  const { formState } = useFormContext<MedicationFormValues>();
  return (
    <>
      <FieldError name="root" />
      {formState.isSubmitted && Object.keys(formState.errors).length > 0 && <FormError message="Please correct the fields marked above." />}
      <FormError message={serverError} />
    </>
  );
}

function Editor({ user, id, initial }: { user: AccountDto; id: string | null; initial: MedicationFormValues }) {
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(medicationConfigInput), defaultValues: initial });
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const save = useSaveCustomMedication(user.id);
  const remove = useDeleteCustomMedication(user.id);
  const toProfile = () => navigate(paths.profile(user.id));

  const submit = form.handleSubmit((input) => {
    setServerError(null);
    save.mutate({ id, input }, { onSuccess: toProfile, onError: (err) => setServerError(errorMessage(err)) });
  });

  return (
    <FormProvider {...form}>
      <form className="editor" onSubmit={submit} noValidate>
        <section className="card">
          <BackLink to={paths.profile(user.id)} />
          <h1>{id ? "Edit Medication" : "New Medication"}</h1>
          <ScheduleSection />
        </section>
        <section className="card">
          <FoodSection />
        </section>
        <section className="card">
          <DisplaySection />
          <FormSummary serverError={serverError} />
          <button type="submit" className="button button-big" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save"}
          </button>
          {id && (
            <button type="button" className="button button-danger button-big" onClick={() => setConfirmDelete(form.getValues("name"))}>
              Delete
            </button>
          )}
        </section>
      </form>
      <LivePreview zone={user.timeZone ?? browserTimeZone()} />
      {confirmDelete !== null && id && (
        <ConfirmDialog
          title={`Delete ${confirmDelete || "this medication"}? Its past doses stay in the history.`}
          confirmLabel="Delete"
          danger
          busy={remove.isPending}
          onClose={() => setConfirmDelete(null)}
          onConfirm={() =>
            remove.mutate(id, {
              onSuccess: toProfile,
              onError: (err) => {
                setConfirmDelete(null);
                setServerError(errorMessage(err));
              },
            })
          }
        />
      )}
    </FormProvider>
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
  return <Editor user={user} id={id} initial={formValuesOf(med.data)} />;
}

export function Component() {
  const [params] = useSearchParams();
  const id = params.get("id");
  return (
    <RequireUser>
      {(user) => (id ? <EditExisting key={id} user={user} id={id} /> : <Editor user={user} id={null} initial={NEW_MEDICATION} />)}
    </RequireUser>
  );
}
