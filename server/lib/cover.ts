/**
 * A typographic cover for a post saved without one (the form's hint promises a
 * generated image when the field is empty): the title on a gradient chosen
 * from the title, with the first tags, drawn as SVG and encoded to WebP by
 * sharp. The AI image generator of a later issue can replace this drawing.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

const WIDTH = 1200;
const HEIGHT = 630;
const PALETTES: Array<[string, string]> = [
  ['#1e3a8a', '#2563eb'],
  ['#14532d', '#16a34a'],
  ['#7c2d12', '#ea580c'],
  ['#4c1d95', '#7c3aed'],
  ['#134e4a', '#0d9488'],
  ['#0f172a', '#475569'],
];

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** Splits the title into at most four lines of about `width` characters. */
export function wrapTitle(title: string, width = 26, maxLines = 4): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.trim().split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]?.slice(0, width - 1)}…`;
    return kept;
  }
  return lines;
}

export function coverSvg(title: string, tags: readonly string[]): string {
  const digest = createHash('sha256').update(title).digest();
  const [from, to] = PALETTES[(digest[0] ?? 0) % PALETTES.length] as [string, string];
  const lines = wrapTitle(title);
  const lineHeight = 78;
  const top = HEIGHT / 2 - ((lines.length - 1) * lineHeight) / 2 + 10;
  const text = lines
    .map((line, i) => `<text x="80" y="${top + i * lineHeight}" class="t">${escapeXml(line)}</text>`)
    .join('');
  const tagLine = tags.slice(0, 3).map(escapeXml).join('  ·  ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<style>.t{font:700 64px 'DejaVu Sans',Arial,sans-serif;fill:#fff}.s{font:400 28px 'DejaVu Sans',Arial,sans-serif;fill:#e2e8f0}</style></defs>
<rect width="100%" height="100%" fill="url(#g)"/><rect x="80" y="90" width="80" height="8" rx="4" fill="#fff" opacity=".8"/>
${text}<text x="80" y="${HEIGHT - 70}" class="s">${tagLine}</text></svg>`;
}

export async function generateCover(title: string, tags: readonly string[]): Promise<Buffer> {
  return sharp(Buffer.from(coverSvg(title, tags)))
    .webp({ quality: 82 })
    .toBuffer();
}
