import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { COVER, COVER_SAFE } from '../../common/cover.ts';
import { coverSvg, generateCover, titleLayout } from './cover.ts';

const LONG =
  'How I rebuilt the immobilizer for a 2014 Honda Accord and what the dealer never told me about transponder keys, with the wiring diagrams, the tools and the prices of every part I bought along the way';

/** The box of the title's letters: the paper-white pixels (the ground, traces, label and mark are not). */
async function titleBox(webp: Buffer) {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  let left = info.width;
  let right = -1;
  let top = info.height;
  let bottom = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      if ((data[i] ?? 0) > 236 && (data[i + 1] ?? 0) > 234 && (data[i + 2] ?? 0) > 230) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  return { left, right, top, bottom };
}

describe('generated covers', () => {
  it('sets a title in whole words, as large as fits; a very long one ends at a word with an ellipsis', () => {
    const short = titleLayout('Fixing a Flooded Key Fob');
    expect(short.lines.join(' ')).toBe('Fixing a Flooded Key Fob');
    const long = titleLayout(`${LONG}, and again: ${LONG}`);
    expect(long.size).toBeLessThan(short.size);
    const words = new Set(LONG.split(' '));
    const last = long.lines.at(-1) ?? '';
    expect(last.endsWith('…')).toBe(true);
    for (const word of long.lines.join(' ').replace(/…$/, '').split(' ')) expect(words.has(word)).toBe(true);
  });

  it('draws the text as paths, so a title cannot inject markup', async () => {
    const svg = await coverSvg('<script>alert(1)</script> & "quotes"', ['<b>']);
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<b>');
  });

  it.each([
    ['a short title', 'Next.js notes', ['nextjs']],
    ['a title of three lines', 'One schema from form to database', ['TypeScript']],
    ['a long title', LONG, ['automotive locksmith']],
    ['a long word', 'Supercalifragilisticexpialidocious electronics', []],
  ])('keeps %s inside the safe box every frame shows (1200 x 630 WebP)', async (_, title, tags) => {
    const webp = await generateCover(title, tags);
    expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', ...COVER });
    const box = await titleBox(webp);
    expect(box.right).toBeGreaterThan(box.left);
    const safeLeft = (COVER.width - COVER_SAFE.width) / 2;
    const safeTop = (COVER.height - COVER_SAFE.height) / 2;
    expect(box.left).toBeGreaterThanOrEqual(safeLeft);
    expect(box.right).toBeLessThan(safeLeft + COVER_SAFE.width);
    expect(box.top).toBeGreaterThanOrEqual(safeTop);
    expect(box.bottom).toBeLessThan(safeTop + COVER_SAFE.height);
  });
});
