// Writes a brotli (.br) and a gzip (.gz) copy of every text file in dist/, once at build time,
// so the API serves compressed files without compressing per request (api/src/routes/web.rs).
// A copy is kept only when it is smaller than the original.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const TEXT = /\.(js|css|html|svg|json|txt|webmanifest)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (TEXT.test(name)) yield path;
  }
}

let before = 0;
let after = 0;
for (const path of files(dist)) {
  const bytes = readFileSync(path);
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
  before += bytes.length;
  after += Math.min(br.length, bytes.length);
}
console.log(`precompressed dist/: ${(before / 1024).toFixed(0)} KB of text, ${(after / 1024).toFixed(0)} KB as brotli`);
