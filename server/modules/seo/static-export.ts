/**
 * Writes the site as plain files for a static host (spec section 1, static
 * hosting mode): every public page pre-rendered by the running app (as a
 * visitor without an account sees it), the data files React Router fetches on
 * client navigation (`/blog.data`, `/_.data` for home), the public API reads as
 * `path.json` (what the client's static fallback asks for), robots.txt,
 * sitemap.xml, the not-found page as 404.html, the built assets, the content
 * images and the uploads. Everything is asked of the app in process
 * (`app.inject`), so the files hold exactly what the server would answer.
 */

import { cp, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { BlogIndexEntry } from '../../../common/blog-list.ts';
import { BLOG_MAX_PAGE_SIZE } from '../../../common/blog-list.ts';
import { tagPath } from '../../../common/blog-paths.ts';
import { markdownToPlainText } from '../../../common/plain-text.ts';
import type { BlogPostSummary } from '../../../common/schemas/blog.ts';
import { shareImageName } from '../../../common/share-image.ts';
import { STATIC_BLOG_INDEX, staticFilePath } from '../../../common/static-files.ts';
import { projects } from '../../../content/projects.ts';

export interface StaticExportOptions {
  /** The folder to write; created when missing. */
  outDir: string;
  /** The client half of the web build (build/client). */
  clientBuildFolder: string;
  /** The content images served at /images/. */
  imagesFolder: string;
  /** The upload folder served at /uploads/. */
  uploadsFolder: string;
  /**
   * The path the copy is published under ('/' by default; '/site/' for user.github.io/site/). The
   * web build must have been made with the same base (BASE_PATH): pages are asked for under it, and
   * written to the folder without it, since the folder itself is what the host serves there.
   */
  basePath?: string;
}

export interface StaticExportResult {
  pages: string[];
  apiFiles: string[];
}

/** The path part of the address a copy is published at, with slashes at both ends: '/' or '/site/'. */
export function basePathOf(baseUrl: string | undefined): string {
  if (!baseUrl) return '/';
  const path = new URL(baseUrl).pathname.replace(/\/+$/, '');
  return `${path}/`;
}

/**
 * The file a page path is written to: `/` -> index.html, `/blog` -> blog/index.html; an encoded
 * path (a tag's page, /blog/tag/Small%20Business) as the host will look it up, decoded.
 */
export function pageFile(path: string): string {
  return path === '/' ? 'index.html' : join(decodeURIComponent(path).replace(/^\/+|\/+$/g, ''), 'index.html');
}

/** The file React Router's client asks for on navigation to a page (`/blog` -> blog.data, `/` -> _.data). */
export function dataFile(path: string): string {
  return path === '/' ? '_.data' : `${decodeURIComponent(path).replace(/^\/+|\/+$/g, '')}.data`;
}

async function write(outDir: string, file: string, body: string | Buffer) {
  const target = join(outDir, file);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, body);
}

export async function exportStaticSite(
  app: FastifyInstance,
  options: StaticExportOptions,
): Promise<StaticExportResult> {
  const { outDir } = options;
  const base = options.basePath ?? '/';
  const underBase = (path: string) => `${base}${path.replace(/^\/+/, '')}`;
  await mkdir(outDir, { recursive: true });
  /** GETs a path of the app in process and writes the answer to `file`; any other status than `expected` stops the export. */
  const save = async (url: string, file: string, expected = 200) => {
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    if (response.statusCode !== expected) throw new Error(`GET ${url} answered ${response.statusCode}`);
    await write(outDir, file, response.rawPayload);
    return response;
  };

  // The public API reads, where the client's static fallback looks for them (staticFilePath).
  const apiFile = (path: string) => staticFilePath(path).slice(1);
  const saveApi = async (path: string) => (await save(path, apiFile(path))).json();
  // The home teaser's list (the first page), then every published post, page by page.
  await saveApi('/api/blog');
  const posts: BlogPostSummary[] = [];
  for (let page = 1; ; page++) {
    const response = await app.inject({ url: `/api/blog?limit=${BLOG_MAX_PAGE_SIZE}&page=${page}` });
    const batch = response.json() as BlogPostSummary[];
    posts.push(...batch);
    if (batch.length < BLOG_MAX_PAGE_SIZE) break;
  }
  const skills = (await saveApi('/api/skills')) as Record<string, Array<{ id: number }>>;
  const apiPaths = [
    '/api/projects',
    '/api/testimonials',
    ...posts.map((post) => `/api/blog/post/${post.id}/comments`),
    ...projects.map((project) => `/api/projects/${project.id}`),
    ...Object.values(skills)
      .flat()
      .map((skill) => `/api/skill-endorsements?skillId=${skill.id}`),
  ];
  for (const path of apiPaths) await saveApi(path);
  // Each post, and the search index the copy's blog list is computed from in the browser.
  const index: BlogIndexEntry[] = [];
  for (const post of posts) {
    const full = (await saveApi(`/api/blog/${post.slug}`)) as { content: string };
    index.push({ ...post, text: markdownToPlainText(full.content) });
  }
  await write(outDir, apiFile(STATIC_BLOG_INDEX), JSON.stringify(index));

  // Each tag's page and feed.
  const tags = ((await saveApi('/api/blog-list')) as { tags: { name: string }[] }).tags.map((tag) =>
    tagPath(tag.name),
  );
  for (const path of tags) await save(`${path}/rss.xml`, `${decodeURIComponent(path).slice(1)}/rss.xml`);

  // The pages, and the data each one loads on a client-side navigation.
  const pages = [
    '/',
    '/blog',
    ...tags,
    ...posts.map((post) => `/blog/${post.slug}`),
    ...projects.map((project) => `/projects/${project.id}`),
    '/resume',
    '/recommendations',
    '/book-a-call',
    '/generate-images',
    '/auth',
    '/contribute',
    // Says the dashboard needs the live site (a copy has no accounts).
    '/admin/blog',
    '/privacy',
    '/terms',
  ];
  for (const path of pages) {
    await save(underBase(path), pageFile(path));
    // Asked for as the browser does (encoded), written as the host looks it up (decoded).
    await save(underBase(path === '/' ? '_.data' : `${path.replace(/^\/+|\/+$/g, '')}.data`), dataFile(path));
  }
  // Each page's share image (its og:image), where the page's meta names it.
  for (const path of pages) {
    const file = `og/${shareImageName(path)}.png`;
    await save(`/${file}`, decodeURIComponent(file));
  }
  await save(underBase('/static-export-not-found'), '404.html', 404);
  for (const file of [
    'robots.txt',
    'sitemap.xml',
    'manifest.webmanifest',
    'rss.xml',
    'atom.xml',
    'feed.json',
  ]) {
    await save(`/${file}`, file);
  }

  // Assets as built (without the precompressed twins: static hosts compress on their own).
  await cp(options.clientBuildFolder, outDir, {
    recursive: true,
    filter: (source) => !/\.(br|gz)$/.test(source),
  });
  await cp(options.imagesFolder, join(outDir, 'images'), { recursive: true });
  await cp(options.uploadsFolder, join(outDir, 'uploads'), { recursive: true, force: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    },
  );
  // GitHub Pages runs Jekyll unless told not to, and Jekyll drops files starting with '_' (_.data).
  await write(outDir, '.nojekyll', '');

  return {
    pages,
    apiFiles: [
      '/api/blog',
      '/api/skills',
      STATIC_BLOG_INDEX,
      ...apiPaths,
      ...posts.map((post) => `/api/blog/${post.slug}`),
    ].map(apiFile),
  };
}
