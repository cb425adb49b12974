import fs from "node:fs";
import { addLocalDays, atLocalTime, localDateOf } from "../src/domain/zoned-time.ts";
import { longDayTitle } from "../src/domain/calendar.ts";
import { E2E } from "./support/env.ts";
import { createUser, expect, expectAccessible, snap, test } from "./support/fixtures.ts";

test.use({ timezoneId: "America/New_York" });

const zone = "America/New_York";

test("an owner opens the history from the regimen, reads a day's doses against their times, and downloads the CSV and the PDF report", async ({
  page,
}) => {
  const owner = await createUser(page, { name: "Mary Ann Smith" });
  const api = (path: string, data: unknown) => page.request.post(`/api/accounts/${owner.id}${path}`, { data, headers: { origin: E2E.baseUrl } });
  const med = await api("/custom-medications", {
    name: "Sinemet",
    scheduleType: "fixed",
    fixedTimes: ["08:00", "20:00"],
    timingRules: { minInterval: 120, maxInterval: 720, recommendedInterval: 720, dailyFrequency: 2 },
    displayConfig: { pillLabel: "Sinemet", timingLabel: "Next" },
  });
  expect(med.status()).toBe(201);
  const medicationId = ((await med.json()) as { id: string }).id;
  // Three days ago: 08:05 (on time) and 20:25 (late); two days ago nothing (both missed); yesterday 07:30 (early).
  const today = localDateOf(new Date(), zone);
  const [d3, d2, d1] = [-3, -2, -1].map((n) => addLocalDays(today, n)) as [string, string, string];
  for (const [day, time] of [
    [d3, "08:05"],
    [d3, "20:25"],
    [d1, "07:30"],
  ] as const) {
    expect((await api("/pill-logs", { timestamp: atLocalTime(day, time, zone).toISOString(), medicationId })).status()).toBe(201);
  }

  await page.goto(`/regimen/${owner.id}`);
  await page.getByRole("link", { name: "History and reports" }).click();
  await expect(page.getByRole("heading", { name: "Your history" })).toBeVisible();
  if (d3.slice(0, 7) !== today.slice(0, 7)) await page.getByRole("button", { name: "Previous month" }).click();

  const day = (date: string) => page.getByRole("button", { name: new RegExp(`^${longDayTitle(date)}:`) });
  await expect(day(d3)).toHaveAccessibleName(`${longDayTitle(d3)}: 1 of 2 on time, 1 late`);
  await expect(day(d3)).toContainText("1 of 2 on time");
  await expect(day(d2)).toContainText("2 missed");
  await expect(day(d1)).toContainText("1 early");
  await expect(page.getByRole("img", { name: /^Minutes off schedule\. 3 timed doses/ })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await snap(page, "history-calendar");

  await day(d3).click();
  const dayView = page.getByRole("region", { name: longDayTitle(d3) });
  await expect(dayView.getByRole("listitem")).toHaveCount(2);
  const late = dayView.getByRole("listitem").nth(1);
  await expect(late).toContainText("Late");
  await expect(late).toContainText("8:00 PM");
  await expect(late).toContainText("8:25 PM");
  await expect(late).toContainText("+25 min");
  await expect(late).toContainText("Mary Ann Smith");
  await day(d2).click();
  await expect(page.getByRole("region", { name: longDayTitle(d2) }).getByText("Missed", { exact: true })).toHaveCount(2);
  await day(d3).click();
  await dayView.scrollIntoViewIfNeeded();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await snap(page, "history-day");

  // Both downloads, through the page, for the default range (the last 30 days).
  const from = addLocalDays(today, -29);
  const csvDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe(`dosetime-history-${from}-to-${today}.csv`);
  const csvBytes = fs.readFileSync((await csv.path())!);
  expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csvBytes.toString("utf8")).toContain(`${d3},Sinemet,20:00,${d3} 20:00,`);

  const pdfDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PDF report" }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(`dosetime-history-${from}-to-${today}.pdf`);
  expect(
    fs
      .readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");

  // A range over 366 days is refused before it is asked for.
  await page.getByLabel("From").fill(addLocalDays(today, -400));
  await expect(page.getByRole("alert")).toHaveText("The range can be at most 366 days");
});

async function expectNoHorizontalScroll(page: import("@playwright/test").Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
