import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** 08:00 in New York, two days before the real today: the server accepts doses at such times (not in the future). */
export function morningTwoDaysAgo(): Date {
  const real = new Date();
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(real.getTime() - 2 * 86_400_000),
  );
  // 08:00 EST/EDT: find the offset of that day at noon.
  const noonUtc = new Date(`${day}T12:00:00Z`);
  const nyNoon = Number(new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "numeric", hourCycle: "h23" }).format(noonUtc));
  return new Date(noonUtc.getTime() - (nyNoon - 8) * 3_600_000);
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

/** Installs Playwright's clock at `time`, stopped: it moves only with fastForward/runFor. */
export async function freezeAt(page: Page, time: Date) {
  await page.clock.install({ time: new Date(time.getTime() - 1000) });
  await page.clock.pauseAt(time);
}
