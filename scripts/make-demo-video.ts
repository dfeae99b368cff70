/**
 * Draws the Inventory Management System's demo clip (content/images/demos/inventory-management.webm):
 * a part scanned out against a repair ticket, the stock going down, a low-stock alert and the purchase
 * order it raises, as 6 seconds of frames drawn in SVG, rendered by sharp and encoded by ffmpeg
 * (VP9, no sound). The clip is committed; run this only to change it (`npx tsx scripts/make-demo-video.ts`,
 * with ffmpeg installed: `apt-get install -y ffmpeg`).
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const W = 960;
const H = 540;
const FPS = 12;
const SECONDS = 6;
const FONT = "font-family=\"'DejaVu Sans', 'Liberation Sans', Arial, sans-serif\"";

const parts = [
  { name: 'iPhone 12 screen assembly', sku: 'SCR-IP12', stock: 4 },
  { name: 'USB-C charge port board', sku: 'PRT-USBC', stock: 11 },
  { name: 'Transponder chip ID46', sku: 'KEY-ID46', stock: 23 },
  { name: 'Laptop DC jack', sku: 'PRT-DCJK', stock: 7 },
];

const ease = (t: number) => 1 - (1 - Math.min(1, Math.max(0, t))) ** 3;

function frame(t: number): string {
  const scans = [1.4, 3.0]; // the screen is scanned out twice
  const scanned = scans.filter((at) => t >= at).length;
  const stock = parts.map((part, i) => (i === 0 ? part.stock - scanned : part.stock));
  const flash = scans.some((at) => t >= at && t < at + 0.5);
  const alertIn = ease((t - 3.6) / 0.4);
  const orderIn = ease((t - 4.8) / 0.4);
  const beam = 200 + 110 * Math.sin(t * 4);

  const rows = parts
    .map((part, i) => {
      const y = 170 + i * 62;
      const low = (stock[i] ?? 0) <= 2;
      const highlight = i === 0 && flash;
      return `<g>
<rect x="400" y="${y}" width="520" height="52" rx="10" fill="${highlight ? '#3a2a14' : '#1e232c'}" stroke="${highlight ? '#f2a541' : '#272d38'}" stroke-width="2"/>
<text x="420" y="${y + 22}" ${FONT} font-size="16" fill="#f3f1ec">${part.name}</text>
<text x="420" y="${y + 42}" ${FONT} font-size="12" fill="#a3a8b3">${part.sku}</text>
<text x="895" y="${y + 33}" ${FONT} font-size="20" font-weight="bold" text-anchor="end" fill="${low ? '#f87171' : '#f3f1ec'}">${stock[i]}</text>
</g>`;
    })
    .join('\n');

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">
<rect width="${W}" height="${H}" fill="#0e1116"/>
<rect x="20" y="20" width="${W - 40}" height="${H - 40}" rx="18" fill="#161a21" stroke="#272d38" stroke-width="2"/>
<rect x="20" y="20" width="${W - 40}" height="60" rx="18" fill="#1b2029"/>
<circle cx="56" cy="50" r="12" fill="none" stroke="#f2a541" stroke-width="4"/><path d="M68 50h26M86 50v8" stroke="#f2a541" stroke-width="4" stroke-linecap="round"/>
<text x="110" y="57" ${FONT} font-size="20" font-weight="bold" fill="#f3f1ec">Parts inventory</text>
<text x="${W - 44}" y="57" ${FONT} font-size="14" text-anchor="end" fill="#a3a8b3">Ticket #1042 · Screen repair</text>
<text x="400" y="150" ${FONT} font-size="14" fill="#a3a8b3">Part</text><text x="895" y="150" ${FONT} font-size="14" text-anchor="end" fill="#a3a8b3">In stock</text>
${rows}
<rect x="60" y="110" width="300" height="390" rx="26" fill="#0e1116" stroke="#272d38" stroke-width="3"/>
<text x="210" y="150" ${FONT} font-size="14" text-anchor="middle" fill="#a3a8b3">Scan a part</text>
<rect x="100" y="180" width="220" height="150" rx="8" fill="#f3f1ec"/>
${Array.from({ length: 34 }, (_, i) => `<rect x="${112 + i * 6}" y="195" width="${i % 3 === 0 ? 4 : 2}" height="100" fill="#14161c"/>`).join('')}
<text x="210" y="318" ${FONT} font-size="12" text-anchor="middle" fill="#14161c">SCR-IP12</text>
<rect x="92" y="${beam}" width="236" height="3" fill="#f87171" opacity=".85"/>
<text x="210" y="370" ${FONT} font-size="15" text-anchor="middle" fill="${flash ? '#2dd4bf' : '#a3a8b3'}">${scanned ? `Scanned out: ${scanned} × SCR-IP12` : 'Waiting for a barcode…'}</text>
<g transform="translate(0 ${(1 - alertIn) * 80})" opacity="${alertIn}">
<rect x="400" y="420" width="250" height="64" rx="12" fill="#2a1515" stroke="#f87171" stroke-width="2"/>
<text x="418" y="447" ${FONT} font-size="15" font-weight="bold" fill="#f87171">Low stock</text>
<text x="418" y="469" ${FONT} font-size="13" fill="#f3f1ec">iPhone 12 screens: 2 left</text>
</g>
<g transform="translate(0 ${(1 - orderIn) * 80})" opacity="${orderIn}">
<rect x="670" y="420" width="250" height="64" rx="12" fill="#10261f" stroke="#2dd4bf" stroke-width="2"/>
<text x="688" y="447" ${FONT} font-size="15" font-weight="bold" fill="#2dd4bf">Purchase order PO-311</text>
<text x="688" y="469" ${FONT} font-size="13" fill="#f3f1ec">10 × SCR-IP12 from supplier</text>
</g>
</svg>`;
}

const out = join(import.meta.dirname, '..', 'content', 'images', 'demos', 'inventory-management.webm');
mkdirSync(join(out, '..'), { recursive: true });
const ffmpeg = spawn(
  'ffmpeg',
  [
    ...['-y', '-loglevel', 'error', '-f', 'image2pipe', '-framerate', String(FPS), '-i', '-'],
    ...['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '38', '-pix_fmt', 'yuv420p', '-an', out],
  ],
  { stdio: ['pipe', 'inherit', 'inherit'] },
);
for (let i = 0; i < FPS * SECONDS; i++) {
  const png = await sharp(Buffer.from(frame(i / FPS)))
    .png({ compressionLevel: 1 })
    .toBuffer();
  if (!ffmpeg.stdin.write(png)) await new Promise((resolve) => ffmpeg.stdin.once('drain', resolve));
}
ffmpeg.stdin.end();
const code = await new Promise<number | null>((resolve) => ffmpeg.on('close', resolve));
if (code !== 0) throw new Error(`ffmpeg exited with ${code}`);
console.log(`wrote ${out}`);
