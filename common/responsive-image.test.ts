import { describe, expect, it } from 'vitest';
import { responsiveSources } from './responsive-image.ts';

describe('the sizes of an upload', () => {
  it('names the three widths in AVIF and WebP for an upload stored with them', () => {
    const name = `/uploads/r${'a1'.repeat(16)}`;
    expect(responsiveSources(`${name}.webp`)).toEqual({
      avif: `${name}-480.avif 480w, ${name}-960.avif 960w, ${name}-1600.avif 1600w`,
      webp: `${name}-480.webp 480w, ${name}-960.webp 960w, ${name}-1600.webp 1600w`,
    });
    expect(responsiveSources(`${name}.webp`, (path) => `/site${path}`)?.webp).toMatch(/^\/site\/uploads\/r/);
  });

  it('names none for images stored without them', () => {
    expect(responsiveSources(`/uploads/${'a1'.repeat(16)}.webp`)).toBeNull();
    expect(responsiveSources('/images/posts/repair-before-replace.svg')).toBeNull();
    expect(responsiveSources(`https://example.com/uploads/r${'a1'.repeat(16)}.webp`)).toBeNull();
    expect(responsiveSources(`/uploads/r${'a1'.repeat(16)}.png`)).toBeNull();
  });
});
