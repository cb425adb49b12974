import { useState } from "react";
import type { AccountDto, DeviceDto, ReminderSettingsDto } from "../../../../shared/api-schemas.ts";
import { FormError, Notice } from "../../../components/form-error.tsx";
import { Loading } from "../../../components/loading.tsx";
import { errorMessage } from "../../../lib/api.ts";
import {
  PermissionRefused,
  pushSupport,
  useDevices,
  useReminderSettings,
  useRemoveDevice,
  useTestDevice,
  useThisDeviceEndpoint,
  useTurnOnReminders,
  useUpdateReminderSettings,
  type PushSupport,
} from "../api/reminders.ts";

const KINDS: Array<{ key: keyof ReminderSettingsDto; label: string; detail: string }> = [
  { key: "doseDue", label: "When a dose is due", detail: "At the dose time: “Time for your … (2:00 PM)”" },
  { key: "preDose", label: "Before a dose", detail: "“Finish any protein now”, when a medication keeps food away before it" },
  { key: "followUp", label: "When a dose is late", detail: "At 10 and 30 minutes late, until it is logged" },
  { key: "food", label: "Food reminders", detail: "“Remember to eat something by …” before a dose taken with food" },
];

const SUPPORT_TEXT: Partial<Record<PushSupport, string>> = {
  unsupported:
    "This browser cannot show notifications. On an iPhone or iPad, add Dosetime to your Home Screen (Share, then Add to Home Screen) and open it from there.",
  denied: "Notifications are blocked for Dosetime in this browser. Allow them in the browser's site settings, then press the button again.",
};

function refusalText(err: unknown): string {
  if (err instanceof PermissionRefused) {
    return err.message === "denied"
      ? (SUPPORT_TEXT.denied ?? "")
      : "Reminders are still off: the browser did not get permission. Press the button again and choose Allow.";
  }
  return errorMessage(err);
}

/** The button that asks the browser's permission (never on page load) and registers this device. */
function ThisDevice({ devices }: { devices: DeviceDto[] }) {
  const [support, setSupport] = useState(pushSupport);
  const turnOn = useTurnOnReminders();
  const endpoint = useThisDeviceEndpoint(support === "granted");
  const registered = endpoint.data != null && devices.some((d) => d.endpoint === endpoint.data);
  if (support === "unsupported") return <p className="reminder-note">{SUPPORT_TEXT.unsupported}</p>;
  return (
    <>
      {registered ? (
        <p className="form-ok">Reminders are on for this device.</p>
      ) : (
        <button
          type="button"
          className="button button-big"
          disabled={turnOn.isPending}
          onClick={() => turnOn.mutate(undefined, { onSettled: () => setSupport(pushSupport()) })}
        >
          {turnOn.isPending ? "Turning on..." : "Turn on reminders on this device"}
        </button>
      )}
      {support === "denied" && !turnOn.isError && <p className="reminder-note">{SUPPORT_TEXT.denied}</p>}
      <FormError message={turnOn.isError ? refusalText(turnOn.error) : null} />
    </>
  );
}

function DeviceItem({ device, zone, thisDevice }: { device: DeviceDto; zone: string; thisDevice: boolean }) {
  const test = useTestDevice();
  const remove = useRemoveDevice();
  const added = new Date(device.createdAt).toLocaleDateString("en-US", { timeZone: zone, year: "numeric", month: "short", day: "numeric" });
  const notice = test.isSuccess
    ? { ok: true, text: "Test sent. It should arrive in a few seconds." }
    : test.isError
      ? { ok: false, text: errorMessage(test.error, "The test could not be sent. Please try again.") }
      : null;
  return (
    <li className="device">
      <div>
        <strong>{device.label}</strong>
        {thisDevice && <span className="device-this"> (this device)</span>}
        <span className="toggle-detail">Added on {added}</span>
      </div>
      <div className="device-actions">
        <button type="button" className="button button-secondary" disabled={test.isPending} onClick={() => test.mutate(device.id)}>
          {test.isPending ? "Sending..." : "Send a test"}
        </button>
        <button type="button" className="button button-secondary" disabled={remove.isPending} onClick={() => remove.mutate(device.id)}>
          Remove
        </button>
      </div>
      <Notice notice={notice} />
      <FormError message={remove.isError ? errorMessage(remove.error, "The device could not be removed. Please try again.") : null} />
    </li>
  );
}

function ReminderKinds() {
  const settings = useReminderSettings();
  const update = useUpdateReminderSettings();
  if (settings.isPending) return <Loading />;
  if (settings.isError) return <FormError message="Failed to get your reminder settings" />;
  // The switch moves at once; the server's answer confirms it (or the error puts it back).
  const shown = update.isPending ? { ...settings.data, ...update.variables } : settings.data;
  const toggle = (key: keyof ReminderSettingsDto, label: string, detail: string) => (
    <li key={key}>
      <label className="toggle">
        <input
          type="checkbox"
          role="switch"
          checked={shown[key]}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ [key]: e.target.checked })}
        />
        <span>
          <strong>{label}</strong>
          <span className="toggle-detail">{detail}</span>
        </span>
      </label>
    </li>
  );
  return (
    <>
      <h3>What to remind me of</h3>
      <ul className="toggle-list">{KINDS.map((k) => toggle(k.key, k.label, k.detail))}</ul>
      <ul className="toggle-list">
        {toggle("emailFallback", "E-mail me reminders", "When no device gets them, the dose-due reminder comes once by e-mail")}
      </ul>
      <FormError message={update.isError ? errorMessage(update.error, "The setting could not be saved. Please try again.") : null} />
    </>
  );
}

/** DESIGN §11 on the owner's own profile: this device, the list of devices, and each kind of reminder on or off. */
export function RemindersSection({ user }: { user: AccountDto }) {
  const devices = useDevices();
  const endpoint = useThisDeviceEndpoint(pushSupport() === "granted");
  return (
    <section className="card" aria-labelledby="reminders-title">
      <h2 id="reminders-title">Reminders</h2>
      <p>Get a notification at each dose time, even with Dosetime closed.</p>
      {devices.isPending ? (
        <Loading />
      ) : devices.isError ? (
        <FormError message="Failed to get your devices" />
      ) : (
        <>
          <ThisDevice devices={devices.data} />
          <h3>Your devices</h3>
          {devices.data.length === 0 ? (
            <p className="muted">No device gets reminders yet.</p>
          ) : (
            <ul className="device-list">
              {devices.data.map((d) => (
                <DeviceItem key={d.id} device={d} zone={user.timeZone ?? "UTC"} thisDevice={d.endpoint === endpoint.data} />
              ))}
            </ul>
          )}
        </>
      )}
      <ReminderKinds />
    </section>
  );
}
