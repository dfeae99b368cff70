import { mkdtempSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentImagesFolder } from '../paths.ts';
import { INLINE_IMAGE_MAX_BYTES, imageInliner } from './inline-images.ts';

const drawing =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#0ea5e9"/></svg>';

describe('imageInliner', () => {
  it('carries a small illustration of the site as a data: address that draws the same drawing', async () => {
    const inline = imageInliner(contentImagesFolder);
    const src = await inline('/images/posts/repair-before-replace.svg');
    expect(src).toMatch(/^data:image\/svg\+xml,%3csvg%20/);
    expect(src).not.toMatch(/["\s]/);
    const decoded = decodeURIComponent(src.slice('data:image/svg+xml,'.length)).replaceAll("'", '"');
    expect(decoded).toContain('viewBox="0 0 1200 630"');
    expect(decoded).toContain('aria-label="Repair Before Replace: A technician’s approach"');
  });

  it('keeps the address of anything else: uploads, rasters, larger drawings, missing files, outside the folder', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'inline-'));
    await mkdir(join(folder, 'posts'));
    writeFileSync(join(folder, 'posts', 'small.svg'), drawing);
    writeFileSync(
      join(folder, 'posts', 'large.svg'),
      drawing.replace('</svg>', `<!--${'x'.repeat(INLINE_IMAGE_MAX_BYTES)}--></svg>`),
    );
    writeFileSync(join(folder, 'secret.svg'), drawing);
    const inline = imageInliner(join(folder, 'posts'));
    expect(await inline('/images/small.svg')).toMatch(/^data:image\/svg\+xml,/);
    for (const src of [
      '/images/large.svg',
      '/images/missing.svg',
      '/images/../secret.svg',
      '/images/small.png',
      '/uploads/r0f0f.webp',
      'https://example.org/images/small.svg',
      '//example.org/images/small.svg',
    ]) {
      expect(await inline(src), src).toBe(src);
    }
  });
});
