/**
 * robots.txt, sitemap.xml and the web app manifest. The sitemap lists the public
 * pages: home, the blog, every published post, every project, and the resume and
 * recommendation pages, the newsletter's archive and sent issues, with absolute addresses under PUBLIC_URL. The manifest
 * names the site after the profile and uses the icons in `web/public/`.
 */

import type { FastifyPluginAsync } from 'fastify';
import { BLOG_MAX_TAG_LENGTH } from '../../../common/blog-list.ts';
import { postPath, tagPath } from '../../../common/blog-paths.ts';
import { pagePathOfShareImage, SHARE_IMAGE } from '../../../common/share-image.ts';
import { profile } from '../../../content/profile.ts';
import { projects } from '../../../content/projects.ts';
import { etagOf, sendConditional } from '../../lib/conditional.ts';
import { notFound } from '../../lib/http-error.ts';
import { escapeXml } from '../../lib/markup.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import { sharedCacheControl } from '../../lib/shared-cache.ts';
import type { BlogService } from '../blog/service.ts';
import {
  atomXml,
  FEED_ALIASES,
  FEED_PATHS,
  FEED_SIZE,
  type FeedPost,
  jsonFeed,
  lastChange,
  rssXml,
} from './feeds.ts';
import type { ShareImageStore } from './share-image.ts';

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /go/',
    'Disallow: /shared/',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * The web app manifest (installing the site, the browser's colours for it). Addresses are
 * relative to the manifest, so a copy under a sub-path works too.
 */
export function webManifest(): string {
  return `${JSON.stringify(
    {
      name: `${profile.name} | ${profile.title}`,
      short_name: profile.name,
      description: profile.description,
      start_url: './',
      scope: './',
      display: 'browser',
      background_color: '#faf8f4',
      theme_color: '#a8480d',
      icons: [
        { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    null,
    2,
  )}\n`;
}

export interface SitemapEntry {
  path: string;
  lastModified?: string | null;
}

export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${escapeXml(lastModified.slice(0, 10))}</lastmod>` : '';
    return `<url><loc>${escapeXml(`${siteUrl}${path}`)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The public pages of the site, for the sitemap and the static export. */
export async function publicPages(blog: BlogService): Promise<SitemapEntry[]> {
  const [posts, tags] = await Promise.all([blog.listPublished(), blog.tags()]);
  return [
    { path: '/' },
    { path: '/blog', lastModified: posts[0]?.publishedAt ?? null },
    ...tags.map((tag) => ({ path: tagPath(tag.name) })),
    ...posts.map((post) => ({ path: postPath(post.slug), lastModified: post.publishedAt })),
    ...projects.map((project) => ({ path: `/projects/${project.id}` })),
    { path: '/resume' },
    { path: '/recommendations' },
    { path: '/book-a-call' },
    // Indexable pages of their own (their meta has no noindex): the sitemap names every one.
    { path: '/generate-images' },
    { path: '/contribute' },
    { path: '/privacy' },
    { path: '/terms' },
  ];
}

export interface SeoOptions {
  blog: BlogService;
  siteUrl: string;
  cache: ReadCache;
  /** Where drawn share images are kept (DATA_DIR/share-images). */
  shareImages: ShareImageStore;
  /** The newsletter's archive and its sent issues, for the sitemap. */
  newsletterPages?: () => Promise<SitemapEntry[]>;
  /** How long a shared cache may show an old feed or sitemap after a write (SHARED_CACHE_SECONDS). */
  sharedCacheSeconds?: number;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
  '#x27': "'",
};
const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|#39|#x27);/g, (_m, name: string) => ENTITIES[name] ?? '');

/** The value of a page's `<meta property="...">`, or ''. */
export function metaProperty(html: string, property: string): string {
  const tag = html.match(new RegExp(`<meta[^>]+property="${property}"[^>]*>`))?.[0] ?? '';
  return decodeEntities(tag.match(/content="([^"]*)"/)?.[1] ?? '');
}

/** A page title without the ' | Owner' every page title ends with. */
const withoutSiteSuffix = (title: string) => {
  const suffix = ` | ${profile.name}`;
  const prefix = `${profile.name} | `;
  if (title.endsWith(suffix) && title !== suffix) return title.slice(0, -suffix.length);
  // The home page's title names the owner first.
  return title.startsWith(prefix) ? title.slice(prefix.length) : title;
};

/** What a page is, said above its title on the share image. */
export function shareLabel(pagePath: string): string {
  if (pagePath === '/blog' || pagePath.startsWith('/blog/tag/')) return 'Blog';
  if (pagePath.startsWith('/blog/')) return 'Blog post';
  if (pagePath.startsWith('/projects/')) return 'Project';
  return 'Portfolio';
}

export const seoRoutes: FastifyPluginAsync<SeoOptions> = async (
  app,
  { blog, siteUrl, cache, shareImages, sharedCacheSeconds = 0, newsletterPages },
) => {
  // Every page's share image, drawn from the page's own title and description as a visitor
  // without an account gets them: a page that is not found (a draft, a typo) has none.
  const host = new URL(siteUrl).host;
  const sitePath = new URL(siteUrl).pathname.replace(/\/+$/, '');
  app.get('/og/*', async (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    // A tag's page has its tag in its name (blog/tag/Small Business, blog/tag/Next.js), asked for
    // encoded as its page is.
    const tagPage = /^blog\/tag\/([^/]{1,200})\.png$/.exec(file);
    if (!tagPage && (!/^[a-z0-9][a-z0-9/_-]{0,240}\.png$/i.test(file) || file.includes('//'))) {
      return reply.code(404).send({ message: 'Image not found' });
    }
    const pagePath = tagPage
      ? tagPath(tagPage[1] ?? '')
      : pagePathOfShareImage(file.slice(0, -'.png'.length));
    // Under the path the site is published at (a static copy for user.github.io/site/) if it has one.
    const read = (url: string) =>
      app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    let page = await read(`${sitePath}${pagePath}`);
    if (page.statusCode === 404 && sitePath) page = await read(pagePath);
    const html = page.statusCode === 200 ? page.body : '';
    const title = metaProperty(html, 'og:title');
    if (!title) return reply.code(404).send({ message: 'Image not found' });
    const png = await shareImages.get({
      title: withoutSiteSuffix(title),
      description: metaProperty(html, 'og:description'),
      label: shareLabel(pagePath),
      ownerName: profile.name,
      ownerTitle: profile.title,
      host,
    });
    // The address carries a hash of the text (?v=): a new text is a new address.
    reply
      .type(SHARE_IMAGE.type)
      .header('cache-control', 'public, max-age=86400, stale-while-revalidate=86400');
    return sendConditional(request, reply, png);
  });

  // Each feed is made once until the blog changes (a write here or in another process, or a
  // scheduled post going live); one made while a write happened is sent but not kept.
  const feeds = new Map<string, { body: string; etag: string; lastModified: Date | undefined }>();
  let generation = 0;
  cache.events.on('public-content-changed', () => {
    generation += 1;
    feeds.clear();
  });
  const feed = (
    path: string,
    type: string,
    make: (context: { siteUrl: string; posts: FeedPost[] }) => string,
  ) =>
    app.get(path, async (request, reply) => {
      let made = feeds.get(path);
      if (made === undefined) {
        const started = generation;
        const posts = await blog.listForFeed(FEED_SIZE);
        const body = make({ siteUrl, posts });
        const newest = lastChange(posts);
        made = { body, etag: etagOf(body), lastModified: newest ? new Date(newest) : undefined };
        if (started === generation) feeds.set(path, made);
      }
      reply.type(type).header('cache-control', sharedCacheControl(sharedCacheSeconds, 600));
      return sendConditional(request, reply, made.body, made);
    });
  feed(FEED_PATHS.rss, 'application/rss+xml; charset=utf-8', rssXml);
  feed(FEED_PATHS.atom, 'application/atom+xml; charset=utf-8', atomXml);
  feed(FEED_PATHS.json, 'application/feed+json; charset=utf-8', jsonFeed);
  // Each tag's own RSS feed, beside its page: made once per tag until the blog changes (tags with
  // no live post are a 404, and are not kept).
  const MAX_TAG_FEEDS = 500;
  app.get<{ Params: { tag: string } }>('/blog/tag/:tag/rss.xml', async (request, reply) => {
    const asked = request.params.tag.trim();
    if (!asked || asked.length > BLOG_MAX_TAG_LENGTH) throw notFound('No post has this tag');
    const key = `tag:${asked}`;
    let made = feeds.get(key);
    if (made === undefined) {
      const started = generation;
      const tag = await blog.liveTag(asked);
      if (!tag) {
        // Renamed or merged since: a reader's feed follows it to the tag it became.
        const moved = await blog.tagMovedTo(asked);
        if (moved) return reply.redirect(`${tagPath(moved)}/rss.xml`, 301);
        throw notFound('No post has this tag');
      }
      const posts = await blog.listForFeed(FEED_SIZE, tag);
      const body = rssXml({ siteUrl, posts, tag });
      const newest = lastChange(posts);
      made = { body, etag: etagOf(body), lastModified: newest ? new Date(newest) : undefined };
      if (started === generation && feeds.size < MAX_TAG_FEEDS) feeds.set(key, made);
    }
    reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', sharedCacheControl(sharedCacheSeconds, 600));
    return sendConditional(request, reply, made.body, made);
  });
  for (const alias of FEED_ALIASES) {
    app.get(alias, async (_request, reply) => reply.redirect(FEED_PATHS.rss, 301));
  }

  const robots = robotsTxt(siteUrl);
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robots),
  );
  const manifest = webManifest();
  app.get('/manifest.webmanifest', async (_request, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(manifest),
  );
  app.get('/sitemap.xml', async (request, reply) => {
    const pages = [...(await publicPages(blog)), ...((await newsletterPages?.()) ?? [])];
    const newest = pages.reduce(
      (latest, page) => Math.max(latest, Date.parse(page.lastModified ?? '') || 0),
      0,
    );
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', sharedCacheControl(sharedCacheSeconds, 3600));
    return sendConditional(request, reply, sitemapXml(siteUrl, pages), {
      lastModified: newest ? new Date(newest) : undefined,
    });
  });
};
