/**
 * Draws the site's icons from `web/public/favicon.svg`: `favicon.ico` (16, 32 and 48 px),
 * `apple-touch-icon.png` (180 px) and the web app manifest's `icon-192.png` and `icon-512.png`.
 * Run it after changing the favicon: `npx tsx scripts/make-icons.ts`. The output is committed
 * (the build copies `web/public/` as it is).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const folder = join(import.meta.dirname, '..', 'web', 'public');
const svg = readFileSync(join(folder, 'favicon.svg'));

const png = (size: number) =>
  sharp(svg, { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png()
    .toBuffer();

/** An ICO file holding PNG images (every browser since IE 11 reads them). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // width (0 means 256)
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1); // height
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const sizes = [16, 32, 48];
  const images = await Promise.all(sizes.map(async (size) => ({ size, data: await png(size) })));
  writeFileSync(join(folder, 'favicon.ico'), ico(images));
  writeFileSync(join(folder, 'apple-touch-icon.png'), await png(180));
  writeFileSync(join(folder, 'icon-192.png'), await png(192));
  writeFileSync(join(folder, 'icon-512.png'), await png(512));
  console.log('wrote favicon.ico, apple-touch-icon.png, icon-192.png and icon-512.png');
}
