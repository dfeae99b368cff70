/**
 * Writes .br and .gz copies next to every compressible file of the client build
 * (JS, CSS, SVG, JSON, text), at the highest levels: compressed once at build
 * time, served as they are by @fastify/static (`preCompressed`).
 *
 *   tsx scripts/precompress.ts build/client
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|map)$/;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

const folder = process.argv[2];
if (!folder) {
  console.error('usage: tsx scripts/precompress.ts <folder>');
  process.exit(1);
}
let count = 0;
for (const path of files(folder)) {
  if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
  const bytes = readFileSync(path);
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files in ${folder}`);
