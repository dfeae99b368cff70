import { describe, expect, it } from 'vitest';
import { BASE_PATH, withBase, withBaseInHtml } from './base.ts';

describe('withBase', () => {
  it('leaves every address alone for a site at the root', () => {
    expect(BASE_PATH).toBe('/');
    expect(withBase('/images/a.webp')).toBe('/images/a.webp');
  });

  it('puts root-relative addresses under a sub-path, once', () => {
    expect(withBase('/images/a.webp', '/site/')).toBe('/site/images/a.webp');
    expect(withBase('/api/blog.json', '/site/')).toBe('/site/api/blog.json');
    expect(withBase('/site/images/a.webp', '/site/')).toBe('/site/images/a.webp');
    expect(withBase('/', '/site/')).toBe('/site/');
  });

  it('leaves absolute, protocol-relative and relative addresses alone', () => {
    expect(withBase('https://cdn.example.com/a.png', '/site/')).toBe('https://cdn.example.com/a.png');
    expect(withBase('//cdn.example.com/a.png', '/site/')).toBe('//cdn.example.com/a.png');
    expect(withBase('a.png', '/site/')).toBe('a.png');
    expect(withBase('', '/site/')).toBe('');
  });
});

describe('withBaseInHtml', () => {
  it('prefixes root-relative src, href and poster attributes only', () => {
    const html =
      '<p><img src="/uploads/a.webp" alt=""> <a href="/blog/other">other</a> <a href="https://x.dev/">x</a> ' +
      '<a href="//cdn.example.com/">cdn</a> <video src="/uploads/v.mp4" poster="/uploads/p.webp"></video> /images/text</p>';
    expect(withBaseInHtml(html, '/site/')).toBe(
      '<p><img src="/site/uploads/a.webp" alt=""> <a href="/site/blog/other">other</a> <a href="https://x.dev/">x</a> ' +
        '<a href="//cdn.example.com/">cdn</a> <video src="/site/uploads/v.mp4" poster="/site/uploads/p.webp"></video> /images/text</p>',
    );
    expect(withBaseInHtml(html)).toBe(html);
  });
});
