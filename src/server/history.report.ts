import path from "node:path";
import { createRequire } from "node:module";
import type * as PdfMake from "pdfmake";
import type { Content, TDocumentDefinitions } from "pdfmake/interfaces";
import { CHART_COLOURS, offScheduleChart, offScheduleChartSvg } from "../domain/adherence-chart.ts";
import { formatMinutesOff, statusText, type AdherenceSummary, type DoseRecord } from "../domain/adherence.ts";
import { formatClock, localDateOf, localTimeOf } from "../domain/zoned-time.ts";
import type { AdherenceDto } from "../shared/api-schemas.ts";

// The two export formats of DESIGN §13, built from the same adherence the page shows.

const localDateTime = (instant: string | null, zone: string) => (instant ? `${localDateOf(instant, zone)} ${localTimeOf(instant, zone)}` : "");

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break. A text that a spreadsheet would
 * run as a formula (it starts with = + - @, a tab or a CR) gets a leading apostrophe; plain numbers stay numbers.
 * Example: '=HYPERLINK("x")' → "'=HYPERLINK(""x"")" (quoted).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value !== "number" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** UTF-8 with a BOM (so spreadsheets read the accents), CRLF after every row, one row per scheduled dose. */
export function adherenceCsv(report: AdherenceDto): string {
  const zone = report.zone;
  const header = [
    "Date",
    "Medication",
    "Dose",
    `Scheduled (${zone})`,
    "Scheduled (ISO 8601)",
    `Taken (${zone})`,
    "Taken (ISO 8601)",
    "Minutes off schedule",
    "Status",
    "Skip reason",
    "Logged by",
    "Minutes since previous dose",
    "Recommended interval (minutes)",
    "Less than the minimum interval after the previous dose",
  ];
  const rows = report.days.flatMap((day) =>
    day.doses.map((d) => [
      d.date,
      d.medicationName,
      d.slot,
      localDateTime(d.scheduledAt, zone),
      d.scheduledAt,
      localDateTime(d.takenAt, zone),
      d.takenAt,
      d.minutesOff,
      statusText(d),
      d.skipReason,
      d.loggedByName,
      d.intervalMinutes,
      d.recommendedInterval,
      d.tooSoon ? "yes" : "",
    ]),
  );
  return "\uFEFF" + [header, ...rows].map((row) => row.map(csvCell).join(",") + "\r\n").join("");
}

type PdfMakeApi = typeof PdfMake;
let pdfmakeReady: Promise<PdfMakeApi> | null = null;

/** pdfmake loads on the first report, not at start-up (DESIGN §9: cold start and memory). Roboto ships with it. */
function loadPdfmake(): Promise<PdfMakeApi> {
  pdfmakeReady ??= (async () => {
    const pdfmake = (await import("pdfmake")).default as unknown as PdfMakeApi;
    const fonts = path.dirname(createRequire(import.meta.url).resolve("pdfmake/fonts/Roboto/Roboto-Regular.ttf"));
    pdfmake.setFonts({
      Roboto: {
        normal: path.join(fonts, "Roboto-Regular.ttf"),
        bold: path.join(fonts, "Roboto-Medium.ttf"),
        italics: path.join(fonts, "Roboto-Italic.ttf"),
        bolditalics: path.join(fonts, "Roboto-MediumItalic.ttf"),
      },
    });
    // A report never fetches anything: no URLs, and no files but the fonts.
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fonts + path.sep));
    return pdfmake;
  })();
  return pdfmakeReady;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** "1 May 2026" */
const longDate = (date: string) => `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
const percent = (n: number, of: number) => (of === 0 ? "" : ` (${Math.round((n / of) * 100)}%)`);

function summaryRows(s: AdherenceSummary): string[][] {
  const rows = [
    ["Doses scheduled", String(s.scheduled)],
    ["Taken within ±15 minutes of the time", `${s.within15} of ${s.timed} timed doses${percent(s.within15, s.timed)}`],
    ["Taken within ±30 minutes of the time", `${s.within30} of ${s.timed} timed doses${percent(s.within30, s.timed)}`],
    ["Median minutes off schedule", s.medianMinutesOff === null ? "No timed doses" : `${s.medianMinutesOff} minutes`],
    ["Early (more than 15 minutes)", String(s.early)],
    ["Late (more than 15 minutes)", String(s.late)],
    ["Missed", String(s.missed)],
    ["Skipped", s.skipped === 0 ? "0" : `${s.skipped} (${s.skippedByReason.map((r) => `${r.reason}: ${r.count}`).join(", ")})`],
    ["Less than the minimum interval after the previous dose", String(s.tooSoon)],
  ];
  if (s.extra) rows.push(["Unscheduled doses (not counted above)", String(s.extra)]);
  if (s.pending) rows.push(["Not yet due", String(s.pending)]);
  return rows;
}

function doseRow(d: DoseRecord, zone: string): string[] {
  const at = d.takenAt ? formatClock(d.takenAt, zone) + (localDateOf(d.takenAt, zone) !== d.date ? " (next day)" : "") : "";
  const taken = at && d.status === "skipped" ? `(skipped ${at})` : at;
  const by = [d.loggedByName ?? "", d.tooSoon ? `${d.intervalMinutes} min after the previous dose` : ""].filter(Boolean).join("; ");
  return [
    d.date,
    d.pillLabel,
    d.slot ?? "",
    d.scheduledAt ? formatClock(d.scheduledAt, zone) : d.scheduleType === "flexible" && d.status !== "extra" ? "first" : "",
    taken,
    formatMinutesOff(d.minutesOff),
    statusText(d),
    by,
  ];
}

/** The neurologist's report (DESIGN §13): page 1 is the summary with the chart, then every dose. */
export function adherenceDocument(report: AdherenceDto, now: Date): TDocumentDefinitions {
  const zone = report.zone;
  const period = `${longDate(report.from)} to ${longDate(report.to)} (${report.days.length} ${report.days.length === 1 ? "day" : "days"})`;
  const chart = offScheduleChart(report, 515, 170);
  const doses = report.days.flatMap((d) => d.doses);
  const summary: Content[] = [
    { text: "Medication timing report", style: "title" },
    {
      table: {
        widths: [90, "*"],
        body: [
          ["Patient", report.accountName],
          ["Period", period],
          ["Time zone", `${zone} (every time in this report)`],
          ["Generated", `${localDateOf(now, zone)} ${formatClock(now, zone)}`],
        ].map(([k, v]) => [{ text: k!, bold: true }, v!]),
      },
      layout: "noBorders",
      margin: [0, 0, 0, 10],
    },
    { text: "Summary", style: "heading" },
    {
      table: { widths: ["*", 200], body: summaryRows(report.summary).map(([k, v]) => [k!, { text: v!, bold: true }]) },
      layout: "lightHorizontalLines",
      margin: [0, 0, 0, 10],
    },
    { text: "Minutes off schedule", style: "heading" },
    { svg: offScheduleChartSvg(chart), width: chart.width },
    {
      text: [
        "Each dot is a dose: above the line late, below it early. The green band is ±15 minutes. ",
        { text: "● on time  ", color: CHART_COLOURS["on-time"] },
        { text: "● early  ", color: CHART_COLOURS.early },
        { text: "● late", color: CHART_COLOURS.late },
      ],
      style: "small",
      margin: [0, 4, 0, 10],
    },
    {
      text: "The times in this report were logged in Dosetime by the patient or their caregivers. They are self-reported, not measured.",
      style: "note",
    },
  ];
  const table: Content = {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: [48, "*", 28, 42, 62, 38, 70, 70],
      body: [
        ["Date", "Medication", "Dose", "Scheduled", "Taken", "Off", "Status", "Logged by"].map((text) => ({ text, bold: true })),
        ...doses.map((d) => doseRow(d, zone)),
      ],
    },
    layout: {
      hLineWidth: (i) => (i === 1 ? 1 : i === 0 ? 0 : 0.4),
      vLineWidth: () => 0,
      hLineColor: () => "#9CA3AF",
      paddingLeft: () => 3,
      paddingRight: () => 3,
    },
    fontSize: 8,
  };
  return {
    info: { title: `Medication timing report: ${report.accountName}, ${report.from} to ${report.to}`, author: "Dosetime", subject: "Adherence" },
    language: "en",
    tagged: true,
    displayTitle: true,
    pageSize: "A4",
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: "Roboto", fontSize: 10, lineHeight: 1.2 },
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 8] },
      heading: { fontSize: 13, bold: true, margin: [0, 6, 0, 4] },
      small: { fontSize: 8 },
      note: { fontSize: 9, italics: true },
    },
    footer: (page, pages) => ({
      text: `${report.accountName}, ${report.from} to ${report.to}. Self-reported data. Page ${page} of ${pages}`,
      style: "small",
      alignment: "center",
      margin: [40, 16, 40, 0],
    }),
    content: [
      ...summary,
      { text: "Every dose", style: "heading", pageBreak: "before" },
      doses.length ? table : { text: "No doses were scheduled or logged in this period." },
    ],
  };
}

export async function adherencePdf(report: AdherenceDto, now: Date): Promise<Uint8Array> {
  const pdfmake = await loadPdfmake();
  return pdfmake.createPdf(adherenceDocument(report, now)).getBuffer();
}
