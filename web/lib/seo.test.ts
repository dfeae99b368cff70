import { describe, expect, it } from 'vitest';
import { pagePathOfShareImage, shareImageName, shareImagePath, shortHash } from '../../common/share-image.ts';
import { describe as describeText, fediverseMeta, pageMeta, withSiteSuffix } from './seo.ts';
import type { SiteInfo } from './site.ts';

const site: SiteInfo = {
  url: 'https://jordan.example',
  ownerName: 'Jordan Ellis',
  ownerTitle: 'Full-Stack Developer',
  description: 'Owner description.',
  image: '/images/profile.svg',
  location: 'Atlanta, Georgia',
  email: 'hello@jordan.example',
  socialLinks: [],
  analytics: true,
  imageGenerator: 'built-in',
  staticCopy: false,
  fediverse: { handle: '@jordan@jordan.example', actor: 'https://jordan.example/ap/actors/blog' },
};

describe('page titles', () => {
  it('get the site suffix unless they already name the site', () => {
    expect(withSiteSuffix('Blog', 'Jordan Ellis')).toBe('Blog | Jordan Ellis');
    expect(withSiteSuffix('Jordan Ellis | Developer', 'Jordan Ellis')).toBe('Jordan Ellis | Developer');
  });
});

describe('descriptions', () => {
  it('fall back to the first 160 characters of the content without markup', () => {
    const content = `# Heading\n\nSome **bold** text with a [link](https://x.example). ${'word '.repeat(60)}`;
    const text = describeText('', content);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(/^Heading Some bold text with a link\./);
    expect(text).not.toMatch(/[#*[\]]/);
    expect(describeText('Given summary.', content)).toBe('Given summary.');
  });
});

describe('pageMeta', () => {
  it('gives title, description, canonical, Open Graph, Twitter and JSON-LD', () => {
    const tags = pageMeta({
      site,
      title: 'A Post',
      description: 'About things.',
      path: '/blog/a-post',
      type: 'article',
      jsonLd: { '@type': 'BlogPosting' },
    });
    expect(tags).toEqual(
      expect.arrayContaining([
        { title: 'A Post | Jordan Ellis' },
        { name: 'description', content: 'About things.' },
        { tagName: 'link', rel: 'canonical', href: 'https://jordan.example/blog/a-post' },
        { property: 'og:type', content: 'article' },
        // The page's own PNG card, versioned by its text.
        {
          property: 'og:image',
          content: `https://jordan.example/og/blog/a-post.png?v=${shortHash('1|A Post | Jordan Ellis|About things.')}`,
        },
        { property: 'og:image:type', content: 'image/png' },
        { property: 'og:image:width', content: '1200' },
        { property: 'og:image:height', content: '630' },
        { property: 'og:image:alt', content: 'A Post — Jordan Ellis' },
        { name: 'twitter:card', content: 'summary_large_image' },
        { 'script:ld+json': { '@context': 'https://schema.org', '@type': 'BlogPosting' } },
      ]),
    );
  });

  it('gives a missing page no canonical or og:url, the home card and noindex', () => {
    const tags = pageMeta({ site, title: '404 Page Not Found', path: '/no-such-page', missing: true });
    expect(tags.find((tag) => 'rel' in tag && tag.rel === 'canonical')).toBeUndefined();
    expect(tags.find((tag) => 'property' in tag && tag.property === 'og:url')).toBeUndefined();
    expect(tags).toEqual(
      expect.arrayContaining([
        {
          property: 'og:image',
          content: expect.stringMatching(/^https:\/\/jordan\.example\/og\/home\.png\?v=/),
        },
        { name: 'robots', content: 'noindex' },
      ]),
    );
  });
});

describe('the share image address', () => {
  it('names the page and changes with its text', () => {
    expect(shareImagePath('/', 'Home', 'x')).toMatch(/^\/og\/home\.png\?v=[0-9a-z]+$/);
    expect(shareImagePath('/blog/a-post', 'A', 'x')).toMatch(/^\/og\/blog\/a-post\.png\?v=/);
    expect(shareImagePath('/blog/a-post', 'A', 'x')).not.toBe(shareImagePath('/blog/a-post', 'A', 'y'));
    expect(pagePathOfShareImage(shareImageName('/projects/p1'))).toBe('/projects/p1');
    expect(pagePathOfShareImage(shareImageName('/'))).toBe('/');
  });
});

describe('the fediverse in the head (issue 47)', () => {
  it("names the blog's actor, or a post's object with its author's handle; nothing on the static copy", () => {
    expect(fediverseMeta(site)).toEqual([
      {
        tagName: 'link',
        rel: 'alternate',
        type: 'application/activity+json',
        href: 'https://jordan.example/ap/actors/blog',
      },
    ]);
    expect(fediverseMeta(site, { slug: 'a post' })).toEqual([
      {
        tagName: 'link',
        rel: 'alternate',
        type: 'application/activity+json',
        href: 'https://jordan.example/blog/a%20post',
      },
      { name: 'fediverse:creator', content: '@jordan@jordan.example' },
    ]);
    expect(fediverseMeta({ ...site, fediverse: null })).toEqual([]);
  });
});
