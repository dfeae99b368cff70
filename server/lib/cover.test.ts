import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { coverSvg, generateCover, wrapTitle } from './cover.ts';

describe('generated covers', () => {
  it('wraps the title into at most four lines', () => {
    expect(wrapTitle('Fixing a Flooded Key Fob')).toEqual(['Fixing a Flooded Key Fob']);
    const long = wrapTitle(
      'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen',
      12,
    );
    expect(long).toHaveLength(4);
    expect(long[3]?.endsWith('…')).toBe(true);
  });

  it('escapes the title and tags, so a title cannot inject markup', () => {
    const svg = coverSvg('<script>alert(1)</script> & "quotes"', ['<b>']);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('&lt;b&gt;');
  });

  it('encodes a 1200 x 630 WebP', async () => {
    const meta = await sharp(await generateCover('A post without a cover', ['Repair'])).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 630 });
  });
});
