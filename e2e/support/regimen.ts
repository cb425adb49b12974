import type { Page } from "@playwright/test";
import { addLocalDays, atLocalTime, localDateOf } from "../../src/domain/zoned-time.ts";
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

/** Installs Playwright's clock at `time`, stopped: it moves only with fastForward/runFor. */
export async function freezeAt(page: Page, time: Date) {
  await page.clock.install({ time: new Date(time.getTime() - 1000) });
  await page.clock.pauseAt(time);
}
