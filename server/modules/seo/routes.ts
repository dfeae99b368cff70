/**
 * robots.txt, sitemap.xml and the web app manifest. The sitemap lists the public
 * pages: home, the blog, every published post, every project, and the resume and
 * recommendation pages, with absolute addresses under PUBLIC_URL. The manifest
 * names the site after the profile and uses the icons in `web/public/`.
 */
import type { FastifyPluginAsync } from 'fastify';
import { profile } from '../../../content/profile.ts';
import { projects } from '../../../content/projects.ts';
import type { BlogService } from '../blog/service.ts';

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
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
  const posts = await blog.listPublished();
  return [
    { path: '/' },
    { path: '/blog', lastModified: posts[0]?.publishedAt ?? null },
    ...posts.map((post) => ({ path: `/blog/${post.slug}`, lastModified: post.publishedAt })),
    ...projects.map((project) => ({ path: `/projects/${project.id}` })),
    { path: '/resume' },
    { path: '/recommendations' },
  ];
}

export const seoRoutes: FastifyPluginAsync<{ blog: BlogService; siteUrl: string }> = async (
  app,
  { blog, siteUrl },
) => {
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
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(siteUrl, await publicPages(blog))),
  );
};
