import type { Adherence, AdherenceStatus } from "./adherence.ts";
import type { Minutes } from "./types.ts";
import { dayWindow } from "./zoned-time.ts";

/** The chart of minutes off schedule, as geometry: the web draws it as JSX, the PDF as an SVG string. No chart library. */
export type OffScheduleChart = {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  /** The ±15-minute band. */
  band: { top: number; bottom: number };
  zeroY: number;
  yTicks: Array<{ y: number; label: string }>;
  xTicks: Array<{ x: number; label: string }>;
  points: Array<{ x: number; y: number; status: AdherenceStatus; minutesOff: Minutes; clipped: boolean }>;
};

export const CHART_COLOURS: Record<string, string> = {
  "on-time": "#047857",
  early: "#1D4ED8",
  late: "#B45309",
  extra: "#6B7280",
  grid: "#D1D5DB",
  band: "#D1FAE5",
  axis: "#374151",
};

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const shortDate = (date: string) => `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;

/**
 * Places every dose with minutes off on a time × minutes-off plane. The scale is symmetric, at least ±60 minutes
 * and at most ±180 (doses further off sit on the edge, marked clipped). Example: a dose 20 minutes late on the
 * range's middle day → x at the middle, y above the zero line.
 */
export function offScheduleChart(result: Adherence, width: number, height: number): OffScheduleChart {
  const plot = { left: 44, top: 10, right: width - 10, bottom: height - 24 };
  const start = dayWindow(result.from, result.zone).start.getTime();
  const end = dayWindow(result.to, result.zone).end.getTime() + 1;
  const doses = result.days.flatMap((d) => d.doses).filter((d) => d.minutesOff !== null && d.takenAt !== null);
  const largest = Math.max(0, ...doses.map((d) => Math.abs(d.minutesOff!)));
  const max = Math.min(180, Math.max(60, Math.ceil(largest / 30) * 30));
  const y = (m: Minutes) => plot.top + ((max - Math.max(-max, Math.min(max, m))) / (2 * max)) * (plot.bottom - plot.top);
  const x = (t: number) => plot.left + ((t - start) / (end - start)) * (plot.right - plot.left);
  const yTicks = [max, max / 2, 0, -max / 2, -max].map((m) => ({ y: y(m), label: m > 0 ? `+${m}` : `${m === 0 ? 0 : `−${-m}`}` }));
  const n = result.days.length;
  const step = Math.max(1, Math.ceil(n / (width < 400 ? 4 : 6)));
  const xTicks = result.days
    .filter((_, i) => i % step === 0)
    .map((d) => ({ x: x(dayWindow(d.date, result.zone).start.getTime()), label: shortDate(d.date) }));
  return {
    width,
    height,
    plot,
    band: { top: y(15), bottom: y(-15) },
    zeroY: y(0),
    yTicks,
    xTicks,
    points: doses.map((d) => ({
      x: x(Date.parse(d.takenAt!)),
      y: y(d.minutesOff!),
      status: d.status,
      minutesOff: d.minutesOff!,
      clipped: Math.abs(d.minutesOff!) > max,
    })),
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** The chart as a standalone SVG document (the PDF embeds it). Late is up, early is down. */
export function offScheduleChartSvg(chart: OffScheduleChart): string {
  const { plot, band } = chart;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${chart.width}" height="${chart.height}" viewBox="0 0 ${chart.width} ${chart.height}">`,
    `<rect x="${plot.left}" y="${r1(band.top)}" width="${plot.right - plot.left}" height="${r1(band.bottom - band.top)}" fill="${CHART_COLOURS.band}"/>`,
    ...chart.yTicks.map(
      (t) =>
        `<line x1="${plot.left}" y1="${r1(t.y)}" x2="${plot.right}" y2="${r1(t.y)}" stroke="${CHART_COLOURS.grid}" stroke-width="0.5"/>` +
        `<text x="${plot.left - 4}" y="${r1(t.y + 3)}" font-size="8" text-anchor="end" fill="${CHART_COLOURS.axis}">${t.label}</text>`,
    ),
    `<line x1="${plot.left}" y1="${r1(chart.zeroY)}" x2="${plot.right}" y2="${r1(chart.zeroY)}" stroke="${CHART_COLOURS.axis}" stroke-width="0.8"/>`,
    ...chart.xTicks.map(
      (t) =>
        `<line x1="${r1(t.x)}" y1="${plot.bottom}" x2="${r1(t.x)}" y2="${plot.bottom + 3}" stroke="${CHART_COLOURS.axis}" stroke-width="0.5"/>` +
        `<text x="${r1(t.x)}" y="${plot.bottom + 13}" font-size="8" text-anchor="middle" fill="${CHART_COLOURS.axis}">${t.label}</text>`,
    ),
    ...chart.points.map((p) => `<circle cx="${r1(p.x)}" cy="${r1(p.y)}" r="2" fill="${CHART_COLOURS[p.status] ?? CHART_COLOURS.extra}"/>`),
    "</svg>",
  ];
  return parts.join("");
}
