/**
 * The head of each page: title with the site suffix, description (fallback:
 * the first 160 characters of the content without markup), canonical URL, Open
 * Graph and Twitter tags, and JSON-LD. Route `meta` functions call `pageMeta`.
 */
import type { MetaDescriptor } from 'react-router';
import { SEO_DESCRIPTION_LENGTH } from '../../common/constants.ts';
import { ACTIVITY_JSON } from '../../common/fediverse.ts';
import { markdownToPlainText, truncateText } from '../../common/plain-text.ts';
import type { ShownTestimonial } from '../../common/schemas/testimonials.ts';
import { SHARE_IMAGE, shareImagePath } from '../../common/share-image.ts';
import { paths } from './paths.ts';
import type { RootData, SiteInfo } from './site.ts';

/** The logo of structured data when nothing better exists: 60 x 60 (spec section 9). */
export const FALLBACK_LOGO = { path: '/logo-60.png', width: 60, height: 60 } as const;

/** 'Title | Owner' unless the title already names the site. */
export function withSiteSuffix(title: string, siteName: string): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

export function describe(description: string | undefined | null, content?: string | null): string {
  const text = description?.trim() ? description : markdownToPlainText(content ?? '');
  return truncateText(text.replace(/\s+/g, ' ').trim(), SEO_DESCRIPTION_LENGTH);
}

export const absoluteUrl = (site: SiteInfo, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl)
    ? pathOrUrl
    : `${site.url}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;

interface PageMetaInput {
  site: SiteInfo;
  title: string;
  description?: string | null;
  /** Text or markdown the description falls back to. */
  content?: string | null;
  /** Path of the page, for the canonical URL. */
  path: string;
  /** The canonical address when the page first appeared elsewhere (a post's canonical URL). */
  canonicalUrl?: string;
  type?: 'website' | 'article' | 'profile';
  jsonLd?: Record<string, unknown>;
  /** Keep the page out of search results (sign-in, admin, not found). */
  noindex?: boolean;
  /**
   * A page that is not there (a 404): kept out of search results, with no canonical or og:url
   * naming the missing address, and the home page's share image (the missing page has none).
   */
  missing?: boolean;
}

export function pageMeta({
  site,
  title,
  description,
  content,
  path,
  canonicalUrl,
  type = 'website',
  jsonLd,
  noindex = false,
  missing = false,
}: PageMetaInput): MetaDescriptor[] {
  const fullTitle = withSiteSuffix(title, site.ownerName);
  const text = describe(description, content ?? site.description);
  const url = absoluteUrl(site, path);
  // The page's own card (title and description in the site's look), a PNG every network shows.
  const imageUrl = absoluteUrl(
    site,
    missing ? shareImagePath('/', site.ownerName, site.description) : shareImagePath(path, fullTitle, text),
  );
  const imageAlt = missing ? site.ownerName : `${title} — ${site.ownerName}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: text },
    ...(missing ? [] : [{ tagName: 'link', rel: 'canonical', href: canonicalUrl || url }]),
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: site.ownerName },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: text },
    ...(missing ? [] : [{ property: 'og:url', content: url }]),
    { property: 'og:image', content: imageUrl },
    { property: 'og:image:type', content: SHARE_IMAGE.type },
    { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
    { property: 'og:image:height', content: String(SHARE_IMAGE.height) },
    { property: 'og:image:alt', content: imageAlt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:image:alt', content: imageAlt },
  ];
  if (noindex || missing) tags.push({ name: 'robots', content: 'noindex' });
  if (jsonLd) tags.push({ 'script:ld+json': { '@context': 'https://schema.org', ...jsonLd } });
  return tags;
}

/** The owner as schema.org Person (home page), also the author and publisher elsewhere. */
export function personLd(site: SiteInfo): Record<string, unknown> {
  return {
    '@type': 'Person',
    // Named, so a verified client's Review on the home page can point at the owner.
    '@id': `${absoluteUrl(site, '/')}#person`,
    name: site.ownerName,
    jobTitle: site.ownerTitle,
    description: site.description,
    url: site.url,
    image: absoluteUrl(site, site.image),
    address: { '@type': 'PostalAddress', addressLocality: site.location },
    sameAs: site.socialLinks.filter((link) => link.url.startsWith('http')).map((link) => link.url),
  };
}

export function logoLd(site: SiteInfo): Record<string, unknown> {
  return {
    '@type': 'ImageObject',
    url: absoluteUrl(site, FALLBACK_LOGO.path),
    width: FALLBACK_LOGO.width,
    height: FALLBACK_LOGO.height,
  };
}

/** The root loader's data from a meta function's matches. */
export function rootDataOf(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): RootData {
  const root = matches.find((match) => match?.id === 'root')?.data as RootData | undefined;
  if (!root) throw new Error('The root loader data is missing');
  return root;
}

/**
 * schema.org Reviews of the owner, one per verified testimonial (the samples are left out). Made by
 * the home page's loader on the server, so this code stays out of the browser's bundle.
 */
export function testimonialsLd(siteUrl: string, testimonials: ShownTestimonial[]): Record<string, unknown>[] {
  return testimonials
    .filter((testimonial) => testimonial.verified)
    .map((testimonial) => ({
      '@type': 'Review',
      itemReviewed: { '@id': `${siteUrl}/#person` },
      reviewBody: testimonial.quote,
      ...(testimonial.date ? { datePublished: testimonial.date.slice(0, 10) } : {}),
      author: {
        '@type': 'Person',
        name: testimonial.name,
        ...(testimonial.role ? { jobTitle: testimonial.role } : {}),
        ...(testimonial.company ? { worksFor: { '@type': 'Organization', name: testimonial.company } } : {}),
      },
      ...(testimonial.rating !== null
        ? {
            reviewRating: {
              '@type': 'Rating',
              ratingValue: testimonial.rating,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
    }));
}

/**
 * Where the fediverse finds the page's ActivityPub side (issue 47): the blog's actor (home, /blog)
 * or, on a post, the post's own address, which answers its current `Article` when asked for
 * ActivityPub (issue 64: a post published again is a new object), and on a post its author's handle (`fediverse:creator`, which Mastodon
 * shows under a shared link). Nothing on the static copy.
 */
export function fediverseMeta(site: SiteInfo, post?: { slug: string }): MetaDescriptor[] {
  if (!site.fediverse) return [];
  return [
    {
      tagName: 'link',
      rel: 'alternate',
      type: ACTIVITY_JSON,
      href: post ? absoluteUrl(site, paths.post(post.slug)) : site.fediverse.actor,
    },
    ...(post ? [{ name: 'fediverse:creator', content: site.fediverse.handle }] : []),
  ];
}

/**
 * The page's first paint waits until the element with this id has begun (ADR 029): what is above
 * it (a hero, a cover) is painted whole in one frame. Only for a page that has the element (the
 * browser warns of one it never finds).
 */
export const firstPaintUntil = (id: string): MetaDescriptor => ({
  tagName: 'link',
  rel: 'expect',
  href: `#${id}`,
  blocking: 'render',
});
