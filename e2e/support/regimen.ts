import type { Page } from "@playwright/test";
import { addLocalDays, atLocalTime, localDateOf } from "../../src/domain/zoned-time.ts";
import type { PillLogDto } from "../../src/shared/api-schemas.ts";
import { expect, test } from "./fixtures.ts";

/** 08:00 in New York, two days before the real today: the server accepts doses at such times (not in the future). */
export function morningTwoDaysAgo(): Date {
  const zone = "America/New_York";
  return atLocalTime(addLocalDays(localDateOf(new Date(), zone), -2), "08:00", zone);
}

/** Sets the time in the confirm dialog: the wheel on a phone, the inputs on a desktop (SPEC §2). */
export async function pickTime(page: Page, hour: number, minute: number, period: "AM" | "PM") {
  const dialog = page.getByRole("dialog");
  if (test.info().project.name === "phone") {
    await dialog.getByRole("button", { name: "Change time" }).click();
    await dialog
      .getByRole("listbox", { name: "Hour" })
      .getByRole("option", { name: String(hour), exact: true })
      .click();
    await dialog
      .getByRole("listbox", { name: "Minute" })
      .getByRole("option", { name: String(minute).padStart(2, "0"), exact: true })
      .click();
    await dialog.getByRole("listbox", { name: "AM/PM" }).getByRole("option", { name: period, exact: true }).click();
    await dialog.getByRole("button", { name: "Done" }).click();
  } else {
    await dialog.getByLabel("Hour").fill(String(hour));
    await dialog.getByLabel("Minute").fill(String(minute));
    await dialog.getByLabel("AM/PM").selectOption(period);
  }
}

export const card = (page: Page, pill: string) => page.getByRole("article", { name: pill });

export async function expectCountdown(page: Page, pill: string, lines: string[]) {
  await expect(card(page, pill).getByTestId("countdown")).toHaveText(lines.join(""));
}

/**
 * Stands the page's clock at `time` for exact countdowns: `Date` moves only when the test moves it (`freezeAt`
 * again), while timers keep running, so the app renders and fetches as in real life. `page.clock.runFor` fires
 * the timers of a span (the 30-second refresh) without waiting for it.
 */
export async function freezeAt(page: Page, time: Date) {
  await page.clock.setFixedTime(time);
}

/**
 * The account's logs the server holds, newest first. The page counts a dose while it is being sent (DESIGN §10), so
 * a test polls this (`expect.poll`) before it reads, reloads or leaves after a dose: the screen runs ahead of the row.
 */
export async function storedLogs(page: Page, accountId: string): Promise<PillLogDto[]> {
  const res = await page.request.get(`/api/accounts/${accountId}/pill-logs`);
  expect(res.status()).toBe(200);
  return (await res.json()) as PillLogDto[];
}

/**
 * Resolves once `page` has the account's live-event stream open. The server subscribes a stream before it answers
 * (src/server/events.routes.ts), so a change made after this reaches the page: without it, a change made while the
 * page is still connecting shows only at the 30-second refresh. Call it before the navigation that opens the regimen.
 */
export function liveEventsOpen(page: Page, accountId: string): Promise<unknown> {
  return page.waitForResponse((res) => new URL(res.url()).pathname === `/api/accounts/${accountId}/events` && res.ok());
}

/** What the app keeps on the device (idb-keyval's store, DESIGN §10), as text. */
export function keptOnDevice(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open("keyval-store");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("keyval")) return resolve("");
          const get = db.transaction("keyval").objectStore("keyval").get("dosetime-query-cache");
          get.onsuccess = () => resolve(String(get.result ?? ""));
          get.onerror = () => reject(get.error);
        };
      }),
  );
}
