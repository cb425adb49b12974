import { useCallback } from "react";
import { foodBanner, type FoodBanner as Banner } from "../../../../domain/food.ts";
import type { MedicationConfig } from "../../../../domain/medications.ts";
import type { DoseLog } from "../../../../domain/types.ts";
import { useClockValue } from "../../../lib/clock.ts";

/** Two banners are the same when they show the same: the colour and the lines. */
const sameBanner = (a: Banner, b: Banner) => a.color === b.color && a.lines.join("\n") === b.lines.join("\n");

/** SPEC §4 / DESIGN §6.4: red with one line per active restriction, green otherwise; text always with the colour. */
export function FoodBanner({ meds, logs, zone }: { meds: MedicationConfig[]; logs: DoseLog[]; zone: string }) {
  // Recomputed every second, redrawn only when what it shows changes.
  const banner = useClockValue(
    useCallback((now: Date) => foodBanner(meds, logs, now, zone), [meds, logs, zone]),
    sameBanner,
  );
  const cannot = banner.state === "cannot-eat";
  return (
    <section
      className={cannot ? "food-banner food-banner-no" : "food-banner food-banner-yes"}
      style={{ backgroundColor: banner.color }}
      aria-label="What you can eat"
    >
      <span className="food-banner-icon" aria-hidden="true">
        {cannot ? "✕" : "✓"}
      </span>
      <div>
        {banner.lines.map((line) => (
          <p key={line} className="food-banner-line">
            {line}
          </p>
        ))}
      </div>
    </section>
  );
}
