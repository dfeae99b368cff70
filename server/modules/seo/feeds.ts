/**
 * The blog's feeds: RSS 2.0 (/rss.xml), Atom 1.0 (/atom.xml) and JSON Feed 1.1 (/feed.json).
 * Each carries the newest published posts (scheduled ones once their time has come, never
 * drafts) with the full sanitised HTML, every address absolute, the cover image, the tags as
 * categories and the publication and change dates.
 */

import { postPath, tagPath } from '../../../common/blog-paths.ts';
import { FEED_PATHS, feedTitle } from '../../../common/feeds.ts';
import { profile } from '../../../content/profile.ts';
import { escapeXml, imageType } from '../../lib/markup.ts';

export { FEED_PATHS };

/** How many posts a feed carries (readers keep what they have already fetched). */
export const FEED_SIZE = 50;

/** Older and common names of a feed, sent on to the RSS feed. */
export const FEED_ALIASES = ['/feed', '/feed.xml', '/rss', '/index.xml'] as const;

export interface FeedPost {
  slug: string;
  title: string;
  summary: string;
  coverImage: string;
  tags: string[];
  publishedAt: Date;
  updatedAt: Date;
  authorName: string;
  contentHtml: string;
}

export const FEED_TITLE = feedTitle(profile.name);
const FEED_DESCRIPTION = `Notes on web development, running a small business, electronic repair and automotive locksmithing from ${profile.name} in Atlanta, Georgia.`;

// XML 1.0 allows no control characters but tab, line feed and carriage return.
// biome-ignore lint/suspicious/noControlCharactersInRegex: exactly the characters XML forbids
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const xmlText = (text: string) => escapeXml(text.replace(XML_FORBIDDEN, ''));

const absolute = (siteUrl: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl)
    ? pathOrUrl
    : `${siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;

/**
 * A post's HTML as a feed reader should get it: site paths and in-page links made absolute,
 * and the page's own controls (Copy buttons, heading self-links) taken out.
 */
export function feedHtml(siteUrl: string, postUrl: string, html: string): string {
  return html
    .replace(/<button type="button" class="copy-code"[^>]*>[^<]*<\/button>/g, '')
    .replace(/<a class="heading-anchor"[^>]*>#<\/a>/g, '')
    .replace(/\s(src|href|poster)="\/(?!\/)/g, (_m, attr: string) => ` ${attr}="${siteUrl}/`)
    .replace(/\shref="#/g, ` href="${postUrl}#`)
    .replace(XML_FORBIDDEN, '');
}

interface FeedContext {
  siteUrl: string;
  posts: FeedPost[];
  /** A tag's own feed (/blog/tag/<tag>/rss.xml): its posts only, named after the tag. */
  tag?: string;
}

const postUrlOf = (siteUrl: string, post: FeedPost) => `${siteUrl}${postPath(post.slug)}`;

/** The full content of an entry: the cover first (readers show it), then the post. */
function entryHtml(siteUrl: string, post: FeedPost): string {
  const cover = post.coverImage
    ? `<p><img src="${escapeXml(absolute(siteUrl, post.coverImage))}" alt=""></p>`
    : '';
  return cover + feedHtml(siteUrl, postUrlOf(siteUrl, post), post.contentHtml);
}

// CDATA cannot hold "]]>": split it across two sections.
const cdata = (text: string) => `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** The newest change (published or updated) of the posts, in ms; 0 when there are none. */
export const lastChange = (posts: FeedPost[]) =>
  posts.reduce((latest, post) => Math.max(latest, post.updatedAt.getTime(), post.publishedAt.getTime()), 0);

export function rssXml({ siteUrl, posts, tag }: FeedContext): string {
  const title = tag ? `${FEED_TITLE}: ${tag}` : FEED_TITLE;
  const home = tag ? `${siteUrl}${tagPath(tag)}` : `${siteUrl}/blog`;
  const self = tag ? `${siteUrl}${tagPath(tag)}/rss.xml` : siteUrl + FEED_PATHS.rss;
  const updated = new Date(lastChange(posts) || Date.now()).toUTCString();
  const items = posts.map((post) => {
    const url = postUrlOf(siteUrl, post);
    return [
      '<item>',
      `<title>${xmlText(post.title)}</title>`,
      `<link>${escapeXml(url)}</link>`,
      `<guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `<pubDate>${post.publishedAt.toUTCString()}</pubDate>`,
      `<dc:creator>${xmlText(post.authorName)}</dc:creator>`,
      `<description>${xmlText(post.summary)}</description>`,
      `<content:encoded>${cdata(entryHtml(siteUrl, post))}</content:encoded>`,
      ...post.tags.map((tag) => `<category>${xmlText(tag)}</category>`),
      ...(post.coverImage
        ? [
            `<media:content url="${escapeXml(absolute(siteUrl, post.coverImage))}" medium="image" type="${imageType(post.coverImage)}"/>`,
          ]
        : []),
      '</item>',
    ].join('\n');
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
<channel>
<title>${xmlText(title)}</title>
<link>${escapeXml(home)}</link>
<description>${xmlText(tag ? `Posts tagged “${tag}”. ${FEED_DESCRIPTION}` : FEED_DESCRIPTION)}</description>
<language>en-us</language>
<lastBuildDate>${updated}</lastBuildDate>
<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>
<image><url>${escapeXml(`${siteUrl}/icon-192.png`)}</url><title>${xmlText(title)}</title><link>${escapeXml(home)}</link></image>
${items.join('\n')}
</channel>
</rss>
`;
}

export function atomXml({ siteUrl, posts }: FeedContext): string {
  const updated = new Date(lastChange(posts) || Date.now()).toISOString();
  const entries = posts.map((post) => {
    const url = postUrlOf(siteUrl, post);
    return [
      '<entry>',
      `<id>${escapeXml(url)}</id>`,
      `<title type="text">${xmlText(post.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `<published>${post.publishedAt.toISOString()}</published>`,
      `<updated>${new Date(Math.max(post.updatedAt.getTime(), post.publishedAt.getTime())).toISOString()}</updated>`,
      `<author><name>${xmlText(post.authorName)}</name></author>`,
      `<summary type="text">${xmlText(post.summary)}</summary>`,
      `<content type="html">${xmlText(entryHtml(siteUrl, post))}</content>`,
      ...post.tags.map((tag) => `<category term="${xmlText(tag)}"/>`),
      ...(post.coverImage
        ? [
            `<link rel="enclosure" type="${imageType(post.coverImage)}" href="${escapeXml(absolute(siteUrl, post.coverImage))}"/>`,
          ]
        : []),
      '</entry>',
    ].join('\n');
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-US">
<id>${escapeXml(`${siteUrl}/blog`)}</id>
<title type="text">${xmlText(FEED_TITLE)}</title>
<subtitle type="text">${xmlText(FEED_DESCRIPTION)}</subtitle>
<updated>${updated}</updated>
<link rel="self" type="application/atom+xml" href="${escapeXml(siteUrl + FEED_PATHS.atom)}"/>
<link rel="alternate" type="text/html" href="${escapeXml(`${siteUrl}/blog`)}"/>
<author><name>${xmlText(profile.name)}</name><uri>${escapeXml(siteUrl)}</uri></author>
<icon>${escapeXml(`${siteUrl}/icon-192.png`)}</icon>
${entries.join('\n')}
</feed>
`;
}

export function jsonFeed({ siteUrl, posts }: FeedContext): string {
  return `${JSON.stringify(
    {
      version: 'https://jsonfeed.org/version/1.1',
      title: FEED_TITLE,
      home_page_url: `${siteUrl}/blog`,
      feed_url: siteUrl + FEED_PATHS.json,
      description: FEED_DESCRIPTION,
      icon: `${siteUrl}/icon-512.png`,
      favicon: `${siteUrl}/icon-192.png`,
      language: 'en-US',
      authors: [{ name: profile.name, url: siteUrl }],
      items: posts.map((post) => {
        const url = postUrlOf(siteUrl, post);
        return {
          id: url,
          url,
          title: post.title,
          content_html: entryHtml(siteUrl, post),
          summary: post.summary,
          ...(post.coverImage ? { image: absolute(siteUrl, post.coverImage) } : {}),
          date_published: post.publishedAt.toISOString(),
          date_modified: new Date(
            Math.max(post.updatedAt.getTime(), post.publishedAt.getTime()),
          ).toISOString(),
          tags: post.tags,
          authors: [{ name: post.authorName }],
        };
      }),
    },
    null,
    2,
  )}\n`;
}
