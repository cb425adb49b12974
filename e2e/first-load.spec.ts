import { createUser, expect, test } from "./support/fixtures.ts";
import { card } from "./support/regimen.ts";

// DESIGN §9: a first visit to a regimen asks the server for each thing its first screen needs once, and the
// requests leave with the page (index.html's preloads), not after its JavaScript.
test.use({ timezoneId: "America/New_York" });

test("a first visit to a regimen asks for the session, account, medications, logs and accounts once each, as the page loads", async ({ page }) => {
  const user = await createUser(page, { name: "Fay Firstload" });
  const asked = new Map<string, number>();
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (!url.pathname.startsWith("/api/") || url.pathname.endsWith("/events")) return;
    asked.set(url.pathname, (asked.get(url.pathname) ?? 0) + 1);
  });

  await page.goto(`/regimen/${user.id}`);
  await expect(card(page, "Carbidopa-levodopa")).toBeVisible();
  await page.waitForLoadState("networkidle");

  const account = `/api/accounts/${user.id}`;
  expect(Object.fromEntries(asked)).toEqual({
    "/api/session": 1,
    [account]: 1,
    [`${account}/medications`]: 1,
    [`${account}/pill-logs`]: 1,
    "/api/me/accounts": 1,
  });
  // Each was asked for by the page itself (a preload), before its JavaScript ran.
  const preloaded = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((e) => (e as PerformanceResourceTiming).initiatorType === "link")
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.startsWith("/api/")),
  );
  expect(preloaded.sort()).toEqual([...asked.keys()].sort());
});
