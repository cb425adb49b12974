import { useMemo } from "react";
import { CHART_COLOURS, offScheduleChart } from "../../../../domain/adherence-chart.ts";
import type { Adherence } from "../../../../domain/adherence.ts";
import { useMediaQuery } from "../../../lib/use-media-query.ts";

/** Minutes off schedule over the range, drawn by us as SVG (no chart library): late above the line, early below. */
export function OffScheduleChart({ adherence }: { adherence: Adherence }) {
  // A phone gets a narrower drawing, so that its labels stay readable once scaled to the screen.
  const narrow = useMediaQuery("(max-width: 600px)");
  const chart = useMemo(() => offScheduleChart(adherence, narrow ? 340 : 640, narrow ? 200 : 220), [adherence, narrow]);
  const { plot, band } = chart;
  const s = adherence.summary;
  const description =
    s.timed === 0
      ? "No timed doses in this range."
      : `${s.timed} timed doses; ${s.within15} within 15 minutes of their time; median ${s.medianMinutesOff} minutes off; ${s.early} early, ${s.late} late.`;
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${chart.width} ${chart.height}`} role="img" aria-label={`Minutes off schedule. ${description}`} className="chart-svg">
        <rect x={plot.left} y={band.top} width={plot.right - plot.left} height={band.bottom - band.top} fill={CHART_COLOURS.band} />
        {chart.yTicks.map((t) => (
          <g key={t.label}>
            <line x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} stroke={CHART_COLOURS.grid} strokeWidth={1} />
            <text x={plot.left - 6} y={t.y + 4} textAnchor="end" fontSize={12} fill={CHART_COLOURS.axis}>
              {t.label}
            </text>
          </g>
        ))}
        <line x1={plot.left} x2={plot.right} y1={chart.zeroY} y2={chart.zeroY} stroke={CHART_COLOURS.axis} strokeWidth={1.5} />
        {chart.xTicks.map((t) => (
          <text key={t.label} x={t.x} y={plot.bottom + 18} textAnchor="middle" fontSize={12} fill={CHART_COLOURS.axis}>
            {t.label}
          </text>
        ))}
        {chart.points.map((p, i) => (
          <circle key={i} cx={p.x} cy={p.y} r={3.5} fill={CHART_COLOURS[p.status] ?? CHART_COLOURS.extra} />
        ))}
      </svg>
      <figcaption className="muted">
        Minutes off schedule: above the line late, below it early; the green band is ±15 minutes.{" "}
        <span className="legend legend-on-time">● on time</span> <span className="legend legend-early">● early</span>{" "}
        <span className="legend legend-late">● late</span>
      </figcaption>
    </figure>
  );
}
