import zlib from "node:zlib";
import { createUser, expect, test } from "./support/fixtures.ts";

// DESIGN §9: the JS the home page loads is ≤ 100 KB gzip. Size is deterministic, so it is asserted.
test("a signed-in user's home page loads at most 100 KB of gzipped JavaScript", async ({ page }) => {
  const sizes = new Map<string, number>();
  // Each body is read after its response event: the sum waits for every read, however late it ends.
  const reads: Array<Promise<void>> = [];
  page.on("response", (res) => {
    if (res.url().endsWith(".js") && res.ok())
      reads.push(res.body().then((body) => void sizes.set(res.url(), zlib.gzipSync(body, { level: 9 }).length)));
  });
  await createUser(page, { name: "Light Weight" });
  await page.goto("/");
  await expect(page).toHaveURL(/\/regimen\//);
  await page.waitForLoadState("networkidle");
  await Promise.all(reads);
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  expect(sizes.size).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(100 * 1024);
});

// DESIGN §9: the service worker (src/web/sw.ts with workbox and the precache list) is ≤ 15 KB gzip.
test("the service worker is at most 15 KB of gzipped JavaScript", async ({ page }) => {
  const res = await page.request.get("/sw.js");
  expect(res.status()).toBe(200);
  const gzipped = zlib.gzipSync(await res.body(), { level: 9 }).length;
  expect(gzipped).toBeGreaterThan(0);
  expect(gzipped).toBeLessThanOrEqual(15 * 1024);
});
