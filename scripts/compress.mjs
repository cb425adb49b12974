// Precompresses the built SPA (DESIGN §9, issue 10): a .br and a .gz beside each text file of dist/web, which
// src/server/static.ts serves by the browser's Accept-Encoding. Done once at build, at the highest levels, so no
// request ever pays for compression.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(import.meta.dirname, "..", "dist", "web");
const TEXT = /\.(js|css|html|svg|json|webmanifest|txt)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

for (const file of files(root)) {
  const body = fs.readFileSync(file);
  const br = zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gz = zlib.gzipSync(body, { level: 9 });
  // A tiny file can grow when compressed: then it is only ever sent as it is.
  if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
}
