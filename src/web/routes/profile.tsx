import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { BUILT_IN_MEDICATIONS, toggleMedication } from "../../domain/medications.ts";
import { updateMeBody, type AccountDto } from "../../shared/api-schemas.ts";
import { Loading } from "../components/loading.tsx";
import { useCustomMedications, useSetTrackedMedications, useTrackedMedications } from "../features/medications/api/medications.ts";
import { isAccessDenied, useAccount } from "../features/session/api/account.ts";
import { useSignOut, useUpdateMe } from "../features/session/api/session.ts";
import { RequireUser } from "../features/session/components/guards.tsx";
import { RemindersSection } from "../features/reminders/components/reminders-section.tsx";
import { errorMessage } from "../lib/api.ts";
import { paths } from "../paths.ts";
import { BackLink } from "../components/back-link.tsx";
import { FormError, Notice } from "../components/form-error.tsx";

const ZONES: string[] = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : ["UTC"];

/** Back to the account's regimen, then its avatar, name and e-mail. */
function ProfileHead({ account }: { account: AccountDto }) {
  return (
    <>
      <BackLink to={paths.regimen(account.id)} />
      <div className="profile-head">
        <span className="avatar avatar-large" aria-hidden="true">
          {account.initials}
        </span>
        <div>
          <h1>{account.name}</h1>
          <p className="muted">{account.email}</p>
        </div>
      </div>
    </>
  );
}

function Details({ user }: { user: AccountDto }) {
  const update = useUpdateMe();
  const form = useForm({ resolver: zodResolver(updateMeBody), defaultValues: { name: user.name, timeZone: user.timeZone ?? "UTC" } });
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const zone = user.timeZone ?? "UTC";
  const zones = ZONES.includes(zone) ? ZONES : [zone, ...ZONES];
  const nameError = form.formState.errors.name?.message;

  const save = form.handleSubmit((body) => {
    setStatus(null);
    update.mutate(body, {
      onSuccess: () => setStatus({ ok: true, text: "Saved" }),
      onError: (err) => setStatus({ ok: false, text: errorMessage(err) }),
    });
  });

  return (
    <form className="card" onSubmit={save} noValidate aria-labelledby="details-title">
      <h2 id="details-title">Your details</h2>
      <label className="field">
        <span>Name</span>
        <input autoComplete="name" {...form.register("name")} />
      </label>
      <label className="field">
        <span>Time zone</span>
        <select {...form.register("timeZone")}>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, " ")}
            </option>
          ))}
        </select>
      </label>
      <Notice notice={nameError ? { ok: false, text: nameError } : status} />
      <button type="submit" className="button" disabled={update.isPending}>
        {update.isPending ? "Saving..." : "Save"}
      </button>
    </form>
  );
}

function MedicationsToTrack({ user }: { user: AccountDto }) {
  const tracked = useTrackedMedications(user.id);
  const custom = useCustomMedications(user.id);
  const setTracked = useSetTrackedMedications(user.id);
  const [error, setError] = useState<string | null>(null);
  // The switch moves at once; the server's answer confirms it (or the error puts it back).
  const [pending, setPending] = useState<string[] | null>(null);
  if (tracked.isPending || custom.isPending) return <Loading />;
  if (tracked.isError || custom.isError) return <FormError message="Failed to get current medications" />;
  const ids = pending ?? tracked.data.map((m) => m.id);
  const all = [...BUILT_IN_MEDICATIONS, ...custom.data];
  const toggle = (id: string, on: boolean) => {
    setError(null);
    const next = toggleMedication(ids, id, on);
    setPending(next);
    setTracked.mutate(next, { onError: (err) => setError(errorMessage(err)), onSettled: () => setPending(null) });
  };

  return (
    <section className="card" aria-labelledby="meds-title">
      <h2 id="meds-title">Medications to track</h2>
      <ul className="toggle-list">
        {all.map((med) => (
          <li key={med.id}>
            <label className="toggle">
              <input
                type="checkbox"
                role="switch"
                checked={ids.includes(med.id)}
                disabled={setTracked.isPending}
                onChange={(e) => toggle(med.id, e.target.checked)}
              />
              <span>
                <strong>{med.displayConfig.pillLabel}</strong>
                <span className="toggle-detail">{med.name}</span>
              </span>
            </label>
            {!med.isDefault && (
              <Link className="button button-secondary" to={paths.editMedication(med.id)} aria-label={`Edit ${med.name}`}>
                Edit
              </Link>
            )}
          </li>
        ))}
      </ul>
      <FormError message={error} />
      <Link className="button button-secondary button-wide" to={paths.editMedication()}>
        + Create a custom medication
      </Link>
    </section>
  );
}

function Profile({ user }: { user: AccountDto }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const onSignOut = () => signOut.mutate(undefined, { onSuccess: () => navigate(paths.home(), { replace: true }) });

  return (
    <>
      <section className="card">
        <ProfileHead account={user} />
      </section>
      <Details user={user} />
      <MedicationsToTrack user={user} />
      <RemindersSection user={user} />
      <section className="card">
        <h2>Sharing</h2>
        <p>Let family or carers see your doses and log them for you.</p>
        <Link className="button button-secondary button-wide" to={paths.sharedAccess()}>
          Shared Access
        </Link>
      </section>
      <FormError message={signOut.isError ? errorMessage(signOut.error) : null} />
      <button type="button" className="button button-secondary button-big" onClick={onSignOut} disabled={signOut.isPending}>
        Sign out
      </button>
    </>
  );
}

/** DESIGN §6.8: a caregiver sees the owner's profile read-only; anyone else goes to their own. */
function SharedProfile({ me, userId }: { me: AccountDto; userId: string }) {
  const account = useAccount(userId);
  const tracked = useTrackedMedications(userId);
  if (account.isPending) return <Loading />;
  if (isAccessDenied(account.error)) return <Navigate to={paths.profile(me.id)} replace />;
  if (!account.data) return <FormError message={errorMessage(account.error)} />;
  const owner = account.data;
  return (
    <section className="card">
      <ProfileHead account={owner} />
      <p className="muted">Shared with you. Only {owner.name} can change these settings.</p>
      <p>Time zone: {owner.timeZone ?? "not set"}</p>
      <h2>Medications they track</h2>
      {tracked.data ? (
        <ul className="plain-list">
          {tracked.data.map((m) => (
            <li key={m.id}>
              <strong>{m.displayConfig.pillLabel}</strong> <span className="muted">{m.name}</span>
            </li>
          ))}
        </ul>
      ) : (
        <Loading />
      )}
    </section>
  );
}

export function Component() {
  const { userId = "" } = useParams();
  return (
    <RequireUser>{(user) => (userId === user.id ? <Profile user={user} /> : <SharedProfile key={userId} me={user} userId={userId} />)}</RequireUser>
  );
}
