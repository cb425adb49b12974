import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdherenceDto } from "../shared/api-schemas.ts";
import { addLocalDays, atLocalTime, localDateOf } from "../domain/zoned-time.ts";
import { shareAccount, startTestApp, type TestApp } from "../../test/harness.ts";
import { customMedicationVersions, medicationTracking, pillLogs } from "./db/schema.ts";

// The history over real HTTP: the owner (New York) has a fixed medication at 08:00 and 20:00 whose name tries to be
// a spreadsheet formula. Three days ago (D-3) and the two after it:
//   D-3 08:05 on time (+5), 20:25 late (+25)      D-2 08:00 skipped (Asleep), 20:00 missed      D-1 07:30 early (−30)
let app: TestApp;
let owner: Awaited<ReturnType<TestApp["signUp"]>>;
let caregiver: Awaited<ReturnType<TestApp["signUp"]>>;
let medId: string;
const zone = "America/New_York";
let from: string;
let to: string;
const formula = '=HYPERLINK("x")';

beforeAll(async () => {
  app = await startTestApp();
  owner = await app.signUp({ name: "Mary Example" });
  caregiver = await app.signUp({ name: "Carl Carer" });
  await shareAccount(app.db, owner, caregiver);
  const today = localDateOf(new Date(), zone);
  from = addLocalDays(today, -3);
  to = addLocalDays(today, -1);
  const base = `/api/accounts/${owner.userId}`;
  const created = await owner.json<{ id: string }>("POST", `${base}/custom-medications`, {
    name: formula,
    scheduleType: "fixed",
    fixedTimes: ["08:00", "20:00"],
    timingRules: { minInterval: 120, maxInterval: 720, recommendedInterval: 720, dailyFrequency: 2 },
    displayConfig: { pillLabel: "Sinemet", timingLabel: "Next" },
  });
  medId = created.body.id;
  // It was created (and tracked) a week ago; the built-in only from sign-up, so it has no past doses here.
  const weekAgo = atLocalTime(addLocalDays(today, -7), "09:00", zone);
  await app.db.update(customMedicationVersions).set({ validFrom: weekAgo }).where(eq(customMedicationVersions.medicationId, medId));
  await app.db
    .update(medicationTracking)
    .set({ trackedFrom: weekAgo })
    .where(and(eq(medicationTracking.userId, owner.userId), eq(medicationTracking.medicationId, medId)));
  const at = (day: string, time: string) => atLocalTime(day, time, zone).toISOString();
  for (const [who, timestamp] of [
    [owner, at(from, "08:05")],
    [caregiver, at(from, "20:25")],
    [owner, at(to, "07:30")],
  ] as const) {
    expect((await who.json("POST", `${base}/pill-logs`, { timestamp, medicationId: medId })).status).toBe(201);
  }
  // A skip (DESIGN §12's status and skip_reason columns).
  await app.db.insert(pillLogs).values({
    id: randomUUID(),
    userId: owner.userId,
    timestamp: new Date(at(addLocalDays(from, 1), "08:01")),
    loggedByUserId: owner.userId,
    loggedByName: "Mary Example",
    medicationId: medId,
  });
  await app.db.execute(
    sql`update pill_logs set status = 'skipped', skip_reason = 'Asleep' where user_id = ${owner.userId} and "timestamp" = ${at(addLocalDays(from, 1), "08:01")}`,
  );
});
afterAll(() => app?.close());

const range = () => `from=${from}&to=${to}`;

describe("adherence", () => {
  it("judges every scheduled dose of the range, with minutes off, status, reason and who logged it", async () => {
    const res = await caregiver.json<AdherenceDto>("GET", `/api/accounts/${owner.userId}/adherence?${range()}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from, to, zone, accountName: "Mary Example" });
    expect(res.body.days.map((d) => d.doses.map((x) => [x.slot, x.status, x.minutesOff, x.skipReason, x.loggedByName]))).toEqual([
      [
        ["08:00", "on-time", 5, null, "Mary Example"],
        ["20:00", "late", 25, null, "Carl Carer"],
      ],
      [
        ["08:00", "skipped", null, "Asleep", "Mary Example"],
        ["20:00", "missed", null, null, null],
      ],
      [
        ["08:00", "early", -30, null, "Mary Example"],
        ["20:00", "missed", null, null, null],
      ],
    ]);
    expect(res.body.summary).toMatchObject({ scheduled: 6, onTime: 1, missed: 2, skipped: 1, skippedByReason: [{ reason: "Asleep", count: 1 }] });
  });

  it("past days keep their schedule when the medication is edited today", async () => {
    const base = `/api/accounts/${owner.userId}`;
    const med = await owner.json<Record<string, unknown>>("GET", `${base}/custom-medications/${medId}`);
    const edited = await owner.json("PATCH", `${base}/custom-medications/${medId}`, {
      name: formula,
      scheduleType: "fixed",
      fixedTimes: ["09:00"],
      timingRules: med.body.timingRules,
      displayConfig: med.body.displayConfig,
    });
    expect(edited.status).toBe(200);
    const res = await owner.json<AdherenceDto>("GET", `${base}/adherence?${range()}`);
    expect(res.body.days.map((d) => d.doses.filter((x) => x.status !== "extra").map((x) => x.slot))).toEqual([
      ["08:00", "20:00"],
      ["08:00", "20:00"],
      ["08:00", "20:00"],
    ]);
    const today = localDateOf(new Date(), zone);
    const now = await owner.json<AdherenceDto>("GET", `${base}/adherence?from=${today}&to=${today}`);
    expect(now.body.days[0]!.doses.filter((x) => x.medicationId === medId).map((x) => x.slot)).toEqual(["09:00"]);
  });

  it("keeps when a medication was turned off and on again in the list", async () => {
    const base = `/api/accounts/${owner.userId}`;
    const stretches = async () =>
      (await app.db.select().from(medicationTracking).where(eq(medicationTracking.userId, owner.userId)))
        .filter((r) => r.medicationId === medId)
        .map((r) => r.trackedUntil === null);
    expect(await stretches()).toEqual([true]);
    expect((await owner.json("PUT", `${base}/medications`, { medicationIds: ["carbidopa-levodopa"] })).status).toBe(200);
    expect(await stretches()).toEqual([false]);
    expect((await owner.json("PUT", `${base}/medications`, { medicationIds: ["carbidopa-levodopa", medId] })).status).toBe(200);
    expect((await stretches()).sort()).toEqual([false, true]);
    // Its past days still count: the first stretch is kept.
    const res = await owner.json<AdherenceDto>("GET", `${base}/adherence?${range()}`);
    expect(res.body.summary.scheduled).toBe(6);
  });

  it("refuses a bad range with a clear 400: more than 366 days, from after to, a date that does not exist", async () => {
    const base = `/api/accounts/${owner.userId}`;
    for (const [query, error] of [
      ["from=2025-01-01&to=2026-01-02", "The range can be at most 366 days"],
      ["from=2026-03-02&to=2026-03-01", "from must not be after to"],
      ["from=2026-02-30&to=2026-03-01", "from must be a date, YYYY-MM-DD"],
      ["from=2026-02-01", "to must be a date, YYYY-MM-DD"],
    ] as const) {
      for (const path of ["adherence", "report.csv", "report.pdf"]) {
        expect(await owner.json("GET", `${base}/${path}?${query}`)).toEqual({ status: 400, body: { error } });
      }
    }
    // 366 days (a leap year) is allowed.
    expect((await owner.json("GET", `${base}/adherence?from=2028-01-01&to=2028-12-31`)).status).toBe(200);
  });
});

describe("CSV export", () => {
  it("is UTF-8 with a BOM, CRLF, RFC 4180 quoting, one row per scheduled dose, and no cell starts a formula", async () => {
    const res = await caregiver.get(`/api/accounts/${owner.userId}/report.csv?${range()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="dosetime-history-${from}-to-${to}.csv"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    const lines = text.split("\r\n").slice(0, -1);
    expect(lines[0]).toBe(
      "Date,Medication,Dose,Scheduled (America/New_York),Scheduled (ISO 8601),Taken (America/New_York),Taken (ISO 8601),Minutes off schedule,Status," +
        "Skip reason,Logged by,Minutes since previous dose,Recommended interval (minutes),Less than the minimum interval after the previous dose",
    );
    expect(lines).toHaveLength(1 + 6);
    const scheduled = atLocalTime(from, "20:00", zone).toISOString();
    const taken = atLocalTime(from, "20:25", zone).toISOString();
    expect(lines[2]).toBe(`${from},"'=HYPERLINK(""x"")",20:00,${from} 20:00,${scheduled},${from} 20:25,${taken},25,Late,,Carl Carer,740,,`);
    expect(lines[4]).toContain(",Missed,");
    expect(lines[3]).toContain(",Skipped (Asleep),Asleep,");
    expect(lines[5]).toContain(",-30,Early,");
    // No cell (quoted or not) begins with a formula character, except a plain negative number.
    const cells = lines.flatMap((l) => l.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, "").replace(/^"/, "")));
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c) && !/^-\d+$/.test(c))).toEqual([]);
  });
});

describe("PDF report", () => {
  it("is a tagged PDF in English whose first page summarises the period for the neurologist, then every dose", async () => {
    const res = await caregiver.get(`/api/accounts/${owner.userId}/report.pdf?${range()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="dosetime-history-${from}-to-${to}.pdf"`);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const page = (n: number) => {
      const out = spawnSync("pdftotext", ["-f", String(n), "-l", String(n), "-layout", "-", "-"], { input: pdf });
      expect(out.status).toBe(0);
      return out.stdout.toString("utf8").replace(/[ \t]+/g, " ");
    };
    const first = page(1);
    for (const text of [
      "Medication timing report",
      "Patient Mary Example",
      "Time zone America/New_York",
      "Doses scheduled 6",
      "Taken within ±15 minutes of the time 1 of 3 timed doses (33%)",
      "Taken within ±30 minutes of the time 3 of 3 timed doses (100%)",
      "Median minutes off schedule 25 minutes",
      "Missed 2",
      "Skipped 1 (Asleep: 1)",
      "Minutes off schedule",
      "self-reported",
    ]) {
      expect(first).toContain(text);
    }
    const second = page(2);
    expect(second).toContain("Every dose");
    expect(second).toMatch(/20:00 8:00 PM 8:25 PM \+25 min Late Carl Carer/);
    expect(second).toContain("Skipped (Asleep)");
    expect(second).toContain("Missed");
    const info = spawnSync("pdfinfo", ["-"], { input: pdf });
    const infoText = info.stdout.toString();
    expect(infoText).toMatch(/Tagged:\s+yes/);
    expect(infoText).toContain("Title:           Medication timing report: Mary Example");
    // The document language: /Lang in the catalogue.
    expect(pdf.toString("latin1")).toMatch(/\/Lang \(en\)/);
  });
});
