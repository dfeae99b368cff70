import { describe, expect, it } from 'vitest';
import { basePathOf, dataFile, pageFile } from './static-export.ts';

describe('static export file names', () => {
  it('writes each page as index.html in its own folder, so static hosts serve it at the clean address', () => {
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/blog')).toBe('blog/index.html');
    expect(pageFile('/blog/my-post/')).toBe('blog/my-post/index.html');
  });

  it("names the navigation data as React Router's client asks for it", () => {
    // With trailing-slash-aware data requests, home is /_.data and /blog is /blog.data.
    expect(dataFile('/')).toBe('_.data');
    expect(dataFile('/blog')).toBe('blog.data');
    expect(dataFile('/projects/keycode-help')).toBe('projects/keycode-help.data');
  });
});

describe('the base path of a published copy', () => {
  it('is the path of the address, with a slash at both ends', () => {
    expect(basePathOf(undefined)).toBe('/');
    expect(basePathOf('https://jordan.github.io')).toBe('/');
    expect(basePathOf('https://jordan.github.io/')).toBe('/');
    expect(basePathOf('https://jordan.github.io/site')).toBe('/site/');
    expect(basePathOf('https://jordan.github.io/site/')).toBe('/site/');
    expect(basePathOf('https://example.com/a/b//')).toBe('/a/b/');
  });
});
