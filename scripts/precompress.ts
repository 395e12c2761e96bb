// After `react-router build`: brotli and gzip copies of every text asset, so the static
// layer serves them compressed without compressing on each request.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const dir = path.resolve(import.meta.dirname, "../build/client");
const TEXT = /\.(js|mjs|css|svg|json|txt|html|xml|webmanifest)$/;
let count = 0;
for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = fs.readFileSync(file);
  if (body.length < 512) continue;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files`);
