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

  it('names only real widths for an upload whose name carries its width', () => {
    const name = `/uploads/r${'a1'.repeat(16)}`;
    expect(responsiveSources(`${name}-w1200.webp`)).toEqual({
      avif: `${name}-480.avif 480w, ${name}-960.avif 960w, ${name}-w1200.avif 1200w`,
      webp: `${name}-480.webp 480w, ${name}-960.webp 960w, ${name}-w1200.webp 1200w`,
    });
    // Narrower than the smallest size: the image itself, in two formats, at its own width.
    expect(responsiveSources(`${name}-w300.webp`)).toEqual({
      avif: `${name}-w300.avif 300w`,
      webp: `${name}-w300.webp 300w`,
    });
    expect(responsiveSources(`${name}-w2400.webp`)?.webp).toBe(
      `${name}-480.webp 480w, ${name}-960.webp 960w, ${name}-1600.webp 1600w, ${name}-w2400.webp 2400w`,
    );
  });

  it('names none for images stored without them', () => {
    expect(responsiveSources(`/uploads/${'a1'.repeat(16)}.webp`)).toBeNull();
    expect(responsiveSources('/images/posts/repair-before-replace.svg')).toBeNull();
    expect(responsiveSources(`https://example.com/uploads/r${'a1'.repeat(16)}.webp`)).toBeNull();
    expect(responsiveSources(`/uploads/r${'a1'.repeat(16)}.png`)).toBeNull();
  });
});
