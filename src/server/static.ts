import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Context, Hono } from "hono";
import type { AppEnv } from "./app-env.ts";
import { errorBody } from "./http-error.ts";

type Variant = { body: Buffer; etag: string };
type StaticFile = { type: string; cacheControl: string; identity: Variant; br?: Variant; gzip?: Variant; csp?: string };

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};

// Vite names every file under /assets/ by its content hash: a new build gives new names, so they never change.
const IMMUTABLE = "public, max-age=31536000, immutable";
// index.html, the service worker and the manifest name the current build: always revalidated (an ETag makes that a
// 304). NOTE: an immutable index.html would keep a returning user on old asset names (vite-plugin-pwa #770).
const REVALIDATE = "no-cache";

function variant(body: Buffer): Variant {
  return { body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
}

function readIfExists(file: string): Buffer | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
}

/** Every file of the build, read once at start: the build is small and never changes under a running server. */
function loadBuild(webRoot: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/\.(br|gz)$/.test(entry.name)) {
        const urlPath = "/" + path.relative(webRoot, full).split(path.sep).join("/");
        const br = readIfExists(`${full}.br`);
        const gzip = readIfExists(`${full}.gz`);
        files.set(urlPath, {
          type: TYPES[path.extname(entry.name)] ?? "application/octet-stream",
          cacheControl: urlPath.startsWith("/assets/") ? IMMUTABLE : REVALIDATE,
          identity: variant(fs.readFileSync(full)),
          br: br && variant(br),
          gzip: gzip && variant(gzip),
        });
      }
    }
  };
  walk(webRoot);
  return files;
}

/** Which encodings the request accepts (a q=0 refuses one). */
function accepts(header: string | undefined, encoding: string): boolean {
  return (header ?? "").split(",").some((part) => {
    const [name, ...params] = part.trim().split(";");
    if (name?.trim().toLowerCase() !== encoding) return false;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    return q === undefined || Number(q) > 0;
  });
}

function send(c: Context<AppEnv>, file: StaticFile): Response {
  const acceptEncoding = c.req.header("accept-encoding");
  const [encoding, chosen] =
    file.br && accepts(acceptEncoding, "br")
      ? (["br", file.br] as const)
      : file.gzip && accepts(acceptEncoding, "gzip")
        ? (["gzip", file.gzip] as const)
        : ([null, file.identity] as const);
  const headers = new Headers({ "content-type": file.type, "cache-control": file.cacheControl, etag: chosen.etag });
  if (file.csp) headers.set("content-security-policy", file.csp);
  if (file.br || file.gzip) headers.set("vary", "Accept-Encoding");
  if (encoding) headers.set("content-encoding", encoding);
  if (c.req.header("if-none-match") === chosen.etag) return new Response(null, { status: 304, headers });
  headers.set("content-length", String(chosen.body.length));
  return new Response(c.req.method === "HEAD" ? null : new Uint8Array(chosen.body), { status: 200, headers });
}

/** The CSP sources ('sha256-…') of a page's inline scripts: the page's own code, exactly as built. */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash("sha256").update(m[1]!).digest("base64")}'`,
  );
}

/**
 * Serves the built SPA from `webRoot`: each file as the build wrote it, precompressed (brotli, else gzip) when the
 * build made a .br/.gz beside it and the browser accepts it (`Vary: Accept-Encoding`); hashed assets immutable,
 * everything else revalidated. Any other GET is a screen of the SPA: index.html, whose router decides. `csp` builds
 * index.html's Content-Security-Policy from its inline scripts' hashes.
 */
export function serveWeb(app: Hono<AppEnv>, webRoot: string, csp?: (inlineScripts: string[]) => string): void {
  if (!fs.existsSync(path.join(webRoot, "index.html"))) return;
  const files = loadBuild(webRoot);
  const index = files.get("/index.html")!;
  // index.html's own inline script (the first screen's requests, DESIGN §9) may run, and nothing else inline.
  if (csp) index.csp = csp(inlineScriptSources(index.identity.body.toString("utf8")));
  app.on(["GET", "HEAD"], "*", (c) => {
    const file = files.get(c.req.path);
    if (file) return send(c, file);
    // A missing hashed asset is a 404, never index.html served as JavaScript.
    if (c.req.path.startsWith("/assets/")) return c.json(errorBody("route.not-found"), 404);
    return send(c, index);
  });
}
