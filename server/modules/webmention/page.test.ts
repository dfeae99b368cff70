/**
 * Endpoint discovery as the W3C Recommendation says (3.1.2; the cases of webmention.rocks'
 * discovery tests), and what verification reads in a source (3.2.2).
 */
import { expect, describe as group, it } from 'vitest';
import { describe, endpointInLinkHeader, endpointOf, linksTo } from './page.ts';

const url = new URL('https://target.example/posts/1');
const found = (html: string, linkHeader?: string | string[]) =>
  endpointOf({ url, html, ...(linkHeader ? { linkHeader } : {}) })?.href ?? null;

group('endpoint discovery (W3C 3.1.2)', () => {
  it('reads a Link header, absolute or relative, with rel among other values, quoted or not', () => {
    expect(found('', '<https://hub.example/wm>; rel="webmention"')).toBe('https://hub.example/wm');
    expect(found('', '</wm?x=1>; rel=webmention')).toBe('https://target.example/wm?x=1');
    expect(found('', '<wm>; rel="other webmention"')).toBe('https://target.example/posts/wm');
    expect(found('', ['<https://a.example/>; rel="me"', '</second>; rel="webmention"'])).toBe(
      'https://target.example/second',
    );
    expect(found('', '<https://a.example/>; rel="me", </third>; rel="Webmention"')).toBe(
      'https://target.example/third',
    );
    expect(endpointInLinkHeader('<https://a.example/>; rel="webmentions"', url)).toBeNull();
  });

  it('prefers the Link header, then the first <link> or <a> in document order', () => {
    expect(found('<link rel="webmention" href="/from-html">', '</from-header>; rel="webmention"')).toBe(
      'https://target.example/from-header',
    );
    expect(found('<a rel="webmention" href="/a-first">x</a><link rel="webmention" href="/link">')).toBe(
      'https://target.example/a-first',
    );
    expect(found('<link rel="stylesheet webmention" href="https://hub.example/x?y=1&amp;z=2">')).toBe(
      'https://hub.example/x?y=1&z=2',
    );
  });

  it('takes an empty href as the page itself, and skips comments, elements without href and other rels', () => {
    expect(found('<link rel="webmention" href="">')).toBe('https://target.example/posts/1');
    expect(
      found('<!-- <link rel="webmention" href="/commented"> --><a rel="webmention" href="/real">r</a>'),
    ).toBe('https://target.example/real');
    expect(found('<link rel="webmention"><a rel="webmention" href="/with-href">r</a>')).toBe(
      'https://target.example/with-href',
    );
    expect(found('<a href="/nothing" rel="me">x</a>')).toBeNull();
    expect(found('<link rel="webmention" href="javascript:alert(1)">')).toBeNull();
  });

  it('resolves against the page after redirects (the address it is given)', () => {
    const moved = new URL('https://elsewhere.example/new/place');
    expect(endpointOf({ url: moved, html: '<link rel="webmention" href="endpoint">' })?.href).toBe(
      'https://elsewhere.example/new/endpoint',
    );
  });
});

group('verification (W3C 3.2.2)', () => {
  const target = new URL('https://site.example/blog/a-post');
  const page = (text: string, type = 'text/html; charset=utf-8') => ({
    url: new URL('https://source.example/notes/2'),
    type,
    text,
  });

  it('finds a link to the target in an href or a src, relative or with a fragment', () => {
    expect(linksTo(page('<p><a href="https://site.example/blog/a-post">a post</a></p>'), target)).toBe(true);
    expect(linksTo(page('<a href="https://site.example/blog/a-post#comments">c</a>'), target)).toBe(true);
    expect(linksTo(page('<img src="https://site.example/blog/a-post">'), target)).toBe(true);
    const sameSite = { ...page('<a href="/blog/a-post">x</a>'), url: new URL('https://site.example/other') };
    expect(linksTo(sameSite, target)).toBe(true);
  });

  it('does not count the address as words, in a comment, or a link to another page', () => {
    expect(linksTo(page('<p>https://site.example/blog/a-post</p>'), target)).toBe(false);
    expect(linksTo(page('<!-- <a href="https://site.example/blog/a-post">x</a> -->'), target)).toBe(false);
    expect(linksTo(page('<a href="https://site.example/blog/a-post-2">x</a>'), target)).toBe(false);
  });

  it('takes plain text that writes the address out', () => {
    expect(linksTo(page('See https://site.example/blog/a-post.', 'text/plain'), target)).toBe(true);
    expect(linksTo(page('See nothing.', 'text/plain'), target)).toBe(false);
  });

  it("shows the h-entry's name and author, or the page's title and meta author, as plain text", () => {
    expect(
      describe(
        '<title>Site | Notes</title><article class="h-entry"><h1 class="p-name"> A  <em>reply</em></h1><a class="p-author h-card" href="/">Ada</a></article>',
      ),
    ).toEqual({ title: 'A reply', author: 'Ada' });
    expect(describe('<title>My &amp; notes</title><meta name="author" content="Grace">')).toEqual({
      title: 'My & notes',
      author: 'Grace',
    });
    expect(describe(`<title>${'x'.repeat(300)}</title>`).title).toHaveLength(200);
  });
});
