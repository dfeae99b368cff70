import { describe, expect, it } from 'vitest';
import { describe as describeText, pageMeta, withSiteSuffix } from './seo.ts';
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
  sameAs: [],
  analytics: true,
  imageGenerator: 'built-in',
  staticCopy: false,
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
      image: '/images/cover.svg',
      type: 'article',
      jsonLd: { '@type': 'BlogPosting' },
    });
    expect(tags).toEqual(
      expect.arrayContaining([
        { title: 'A Post | Jordan Ellis' },
        { name: 'description', content: 'About things.' },
        { tagName: 'link', rel: 'canonical', href: 'https://jordan.example/blog/a-post' },
        { property: 'og:type', content: 'article' },
        { property: 'og:image', content: 'https://jordan.example/images/cover.svg' },
        { name: 'twitter:card', content: 'summary_large_image' },
        { 'script:ld+json': { '@context': 'https://schema.org', '@type': 'BlogPosting' } },
      ]),
    );
  });
});
