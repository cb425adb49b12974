import { memo } from "react";
import { foodBanner } from "../../../../domain/food.ts";
import type { MedicationConfig } from "../../../../domain/medications.ts";
import type { DoseLog } from "../../../../domain/types.ts";

/** SPEC §4 / DESIGN §6.4: red with one line per active restriction, green otherwise; text always with the colour. */
export function FoodBanner({ meds, logs, now, zone }: { meds: MedicationConfig[]; logs: DoseLog[]; now: Date; zone: string }) {
  const banner = foodBanner(meds, logs, now, zone);
  // Recomputed every second, redrawn only when its text changes.
  return <BannerView cannot={banner.state === "cannot-eat"} color={banner.color} text={banner.lines.join("\n")} />;
}

const BannerView = memo(function BannerView({ cannot, color, text }: { cannot: boolean; color: string; text: string }) {
  return (
    <section
      className={cannot ? "food-banner food-banner-no" : "food-banner food-banner-yes"}
      style={{ backgroundColor: color }}
      aria-label="What you can eat"
    >
      <span className="food-banner-icon" aria-hidden="true">
        {cannot ? "✕" : "✓"}
      </span>
      <div>
        {text.split("\n").map((line) => (
          <p key={line} className="food-banner-line">
            {line}
          </p>
        ))}
      </div>
    </section>
  );
});
