/**
 * Writes `web/ui/icon-sprite.svg`: every icon of `web/ui/icon-names.ts` as a `<symbol>` drawn
 * from Lucide's own icon data, plus the brand marks of `web/ui/brand-marks.ts`. Pages then
 * reference each icon with `<use>` (one cached file) instead of repeating its paths inline.
 *
 *   npm run icons
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BRAND_MARKS } from '../web/ui/brand-marks.ts';
import { LUCIDE_ICONS } from '../web/ui/icon-names.ts';

type IconNode = [tag: string, attributes: Record<string, string | number>][];

export const spritePath = join(import.meta.dirname, '..', 'web', 'ui', 'icon-sprite.svg');

const escapeAttribute = (value: string | number) =>
  String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function element([tag, attributes]: IconNode[number]): string {
  const attrs = Object.entries(attributes)
    .filter(([name]) => name !== 'key')
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  return `<${tag}${attrs}/>`;
}

// Lucide's drawing style, set once per symbol (its paths inherit it; brand marks override it).
const STROKE =
  ' fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

/** The sprite's text: symbols sorted by id, so the file changes only when an icon does. */
export async function buildSprite(): Promise<string> {
  const symbols = new Map<string, string>();
  for (const file of new Set(Object.values(LUCIDE_ICONS))) {
    const module = (await import(`lucide-react/icons/${file}`)) as { __iconData: { node: IconNode } };
    symbols.set(file, module.__iconData.node.map(element).join(''));
  }
  for (const [id, path] of Object.entries(BRAND_MARKS)) {
    // Brand marks are filled shapes; the icons around them are strokes.
    symbols.set(id, `<path fill="currentColor" stroke="none" d="${escapeAttribute(path)}"/>`);
  }
  const body = [...symbols]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, inner]) => `<symbol id="${id}" viewBox="0 0 24 24"${STROKE}>${inner}</symbol>`)
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg">\n<!-- Lucide icons (ISC licence) and brand marks (Simple Icons, CC0). Written by npm run icons. -->\n${body}\n</svg>\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(spritePath, await buildSprite());
  console.log(`wrote ${spritePath}`);
}
