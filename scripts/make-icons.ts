// Draws the app icons (src/web/public/icons/*.png) in Chromium; the same design is the favicon (src/web/index.html)
// and the header's logo (routes/layout.tsx). Run once by hand with `npx tsx scripts/make-icons.ts` when the design
// changes, then shrink the PNGs (Debian's pngquant and optipng: about half the bytes, the same picture):
// `cd src/web/public/icons && pngquant --quality=85-100 --speed 1 --strip --force --ext .png *.png && optipng -o7 *.png`.
// The PNGs are committed.
import path from "node:path";
import { chromium } from "playwright-core";
import { chromiumLaunchOptions } from "../e2e/support/env.ts";

const out = path.resolve(import.meta.dirname, "..", "src", "web", "public", "icons");
const clock = `<circle cx="32" cy="34" r="17" fill="none" stroke="#fff" stroke-width="5"/><path d="M32 24v11l7 5" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/>`;
// "any": the rounded tile of the favicon. "maskable": a full-bleed square, the clock inside the central 80% safe zone.
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1d4ed8"/>${clock}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-12 -12 88 88"><rect x="-12" y="-12" width="88" height="88" fill="#1d4ed8"/>${clock}</svg>`;

const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage();
for (const [name, svg, size] of [
  ["icon-192.png", any, 192],
  ["icon-512.png", any, 512],
  ["icon-maskable-512.png", maskable, 512],
] as const) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
  await page.screenshot({ path: path.join(out, name), omitBackground: true });
}
await browser.close();
