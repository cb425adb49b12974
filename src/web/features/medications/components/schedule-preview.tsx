import type { MedicationConfig } from "../../../../domain/medications.ts";
import { fixedDosesOn } from "../../../../domain/schedule.ts";
import { MINUTE_MS } from "../../../../domain/types.ts";
import { atLocalTime, formatClock, localDateOf } from "../../../../domain/zoned-time.ts";

const hm = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : "", m ? `${m} min` : ""].filter(Boolean).join(" ") || "0 min";
};

/** What today would look like with this config: the fixed times, or a flexible day starting at 8:00 AM. */
export function SchedulePreview({
  config,
  now,
  zone,
}: {
  config: Pick<MedicationConfig, "scheduleType" | "fixedTimes" | "timingRules">;
  now: Date;
  zone: string;
}) {
  const today = localDateOf(now, zone);
  let times: string[] = [];
  let note = "";
  if (config.scheduleType === "fixed") {
    times = fixedDosesOn(today, config.fixedTimes, [], zone).map((d) => formatClock(d.at, zone));
  } else {
    const { recommendedInterval: every, dailyFrequency: count } = config.timingRules;
    if (Number.isFinite(every) && every > 0 && Number.isInteger(count) && count >= 1 && count <= 24) {
      const first = atLocalTime(today, "08:00", zone).getTime();
      times = Array.from({ length: count }, (_, i) => new Date(first + i * every * MINUTE_MS))
        .filter((d) => localDateOf(d, zone) === today)
        .map((d) => formatClock(d, zone));
      note = `Each dose ${hm(every)} after the last one, up to ${count} a day. If the first is at 8:00 AM:`;
    }
  }
  return (
    <section className="card preview" aria-labelledby="preview-title">
      <h2 id="preview-title">Today&apos;s schedule</h2>
      {note && <p>{note}</p>}
      {times.length ? (
        <ol className="preview-times">
          {times.map((t, i) => (
            <li key={`${t}-${i}`}>{t}</li>
          ))}
        </ol>
      ) : (
        <p className="muted">Add a time to see the schedule.</p>
      )}
    </section>
  );
}
