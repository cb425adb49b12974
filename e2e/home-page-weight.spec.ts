import zlib from "node:zlib";
import { createUser, expect, test } from "./support/fixtures.ts";

// DESIGN §9: the JS the home page loads is ≤ 100 KB gzip. Size is deterministic, so it is asserted.
test("a signed-in user's home page loads at most 100 KB of gzipped JavaScript", async ({ page }) => {
  const sizes = new Map<string, number>();
  page.on("response", async (res) => {
    if (res.url().endsWith(".js") && res.ok()) sizes.set(res.url(), zlib.gzipSync(await res.body(), { level: 9 }).length);
  });
  await createUser(page, { name: "Light Weight" });
  await page.goto("/");
  await expect(page).toHaveURL(/\/regimen\//);
  await page.waitForLoadState("networkidle");
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  expect(sizes.size).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(100 * 1024);
});
