import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Picture } from './picture.tsx';

const render = (src: string) =>
  renderToStaticMarkup(createElement(Picture, { src, sizes: '(min-width: 640px) 224px, 100vw', width: 448 }));

describe('Picture', () => {
  it('offers an upload stored with sizes in AVIF, then WebP, for the frame it names', () => {
    const name = `/uploads/r${'0f'.repeat(16)}`;
    const html = render(`${name}.webp`);
    expect(html).toMatch(/^<picture class="contents"><source type="image\/avif" srcSet="[^"]+"/);
    expect(html).toContain(`${name}-480.avif 480w, ${name}-960.avif 960w, ${name}-1600.avif 1600w`);
    expect(html).toContain(`type="image/webp" srcSet="${name}-480.webp 480w`);
    expect(html).toContain('sizes="(min-width: 640px) 224px, 100vw"');
    // The fallback is the full image, with its own attributes.
    expect(html).toContain(`<img src="${name}.webp" alt="" width="448"/></picture>`);
  });

  it('names the widths an upload has, its own the largest', () => {
    const name = `/uploads/r${'0f'.repeat(16)}`;
    const html = render(`${name}-w1200.webp`);
    expect(html).toContain(`srcSet="${name}-480.avif 480w, ${name}-960.avif 960w, ${name}-w1200.avif 1200w"`);
    expect(html).not.toContain('1600');
  });

  it('is a plain image for illustrations and uploads without sizes', () => {
    for (const src of ['/images/posts/repair-before-replace.svg', `/uploads/${'0f'.repeat(16)}.webp`]) {
      const html = render(src);
      expect(html).toContain(`<img src="${src}" alt="" width="448"/>`);
      expect(html).not.toContain('<picture');
      expect(html).not.toContain('srcSet');
    }
  });
});
