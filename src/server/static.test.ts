import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import type { AppEnv } from "./app-env.ts";
import { serveWeb } from "./static.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "dosetime-static-"));
const js = "export const hello = 'world';".repeat(100);
fs.mkdirSync(path.join(root, "assets"));
fs.writeFileSync(path.join(root, "index.html"), "<!doctype html><div id=root></div>");
fs.writeFileSync(path.join(root, "sw.js"), "self.addEventListener('fetch', () => {});");
fs.writeFileSync(path.join(root, "assets", "main-abc123.js"), js);
fs.writeFileSync(path.join(root, "assets", "main-abc123.js.br"), zlib.brotliCompressSync(js));
fs.writeFileSync(path.join(root, "assets", "main-abc123.js.gz"), zlib.gzipSync(js));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const app = new Hono<AppEnv>();
serveWeb(app, root);
const get = (p: string, headers: Record<string, string> = {}) => app.request(p, { headers });

describe("the built SPA", () => {
  it("sends a hashed asset brotli-compressed to a browser that accepts it, immutable, varying by encoding", async () => {
    const res = await get("/assets/main-abc123.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(js);
  });

  it("falls back to gzip, then to the file as it is", async () => {
    const gz = await get("/assets/main-abc123.js", { "accept-encoding": "gzip, br;q=0" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(js);
    const plain = await get("/assets/main-abc123.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(js);
  });

  it("revalidates index.html and the service worker, and answers a matching ETag with 304", async () => {
    for (const p of ["/", "/regimen/someone", "/sw.js"]) {
      const res = await get(p);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      const again = await get(p, { "if-none-match": res.headers.get("etag")! });
      expect(again.status).toBe(304);
    }
    expect(await (await get("/regimen/someone")).text()).toContain("<div id=root>");
  });

  it("answers a missing hashed asset with 404, not index.html", async () => {
    expect((await get("/assets/gone-123.js")).status).toBe(404);
  });
});

describe("index.html's own inline script", () => {
  const withScript = fs.mkdtempSync(path.join(os.tmpdir(), "dosetime-static-"));
  const script = "\n  (function () { document.title = 'x'; })();\n";
  fs.writeFileSync(
    path.join(withScript, "index.html"),
    `<!doctype html><script>${script}</script><script type="module" src="/assets/a.js"></script>`,
  );
  afterAll(() => fs.rmSync(withScript, { recursive: true, force: true }));

  it("is allowed by its hash in index.html's Content-Security-Policy, and nothing else inline", async () => {
    const web = new Hono<AppEnv>();
    serveWeb(web, withScript, (inline) => `script-src 'self' ${inline.join(" ")}`);
    const hash = `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
    for (const p of ["/", "/regimen/someone", "/index.html"]) {
      expect((await web.request(p)).headers.get("content-security-policy")).toBe(`script-src 'self' ${hash}`);
    }
  });
});
