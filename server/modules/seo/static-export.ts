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
}

export interface StaticExportResult {
  pages: string[];
  apiFiles: string[];
}

/** The file a page path is written to: `/` -> index.html, `/blog` -> blog/index.html. */
export function pageFile(path: string): string {
  return path === '/' ? 'index.html' : join(path.replace(/^\/+|\/+$/g, ''), 'index.html');
}

/** The file React Router's client asks for on navigation to a page (`/blog` -> blog.data, `/` -> _.data). */
export function dataFile(path: string): string {
  return path === '/' ? '_.data' : `${path.replace(/^\/+|\/+$/g, '')}.data`;
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
  await mkdir(outDir, { recursive: true });
  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    return response;
  };
  const getJson = async <T>(url: string): Promise<T> => {
    const response = await get(url);
    if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}`);
    return response.json() as T;
  };

  // The public API reads, as the client's static fallback names them: path + '.json'.
  const posts = await getJson<Array<{ id: number; slug: string }>>('/api/blog');
  const apiPaths = [
    '/api/blog',
    '/api/skills',
    '/api/projects',
    ...posts.map((post) => `/api/blog/${post.slug}`),
    ...posts.map((post) => `/api/blog/post/${post.id}/comments`),
    ...projects.map((project) => `/api/projects/${project.id}`),
  ];
  for (const path of apiPaths) {
    const response = await get(path);
    if (response.statusCode !== 200) throw new Error(`GET ${path} answered ${response.statusCode}`);
    await write(outDir, `${path.slice(1)}.json`, response.body);
  }

  // The pages, and the data each one loads on a client-side navigation.
  const pages = [
    '/',
    '/blog',
    ...posts.map((post) => `/blog/${post.slug}`),
    ...projects.map((project) => `/projects/${project.id}`),
    '/resume',
    '/recommendations',
    '/generate-images',
    '/auth',
    '/contribute',
    '/privacy',
    '/terms',
  ];
  for (const path of pages) {
    const html = await get(path);
    if (html.statusCode !== 200) throw new Error(`GET ${path} answered ${html.statusCode}`);
    await write(outDir, pageFile(path), html.body);
    const data = await get(`/${dataFile(path)}`);
    if (data.statusCode !== 200) throw new Error(`GET /${dataFile(path)} answered ${data.statusCode}`);
    await write(outDir, dataFile(path), data.rawPayload);
  }
  const notFound = await get('/static-export-not-found');
  if (notFound.statusCode !== 404) throw new Error(`the not-found page answered ${notFound.statusCode}`);
  await write(outDir, '404.html', notFound.body);

  for (const file of ['robots.txt', 'sitemap.xml']) {
    const response = await get(`/${file}`);
    if (response.statusCode !== 200) throw new Error(`GET /${file} answered ${response.statusCode}`);
    await write(outDir, file, response.body);
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

  return { pages, apiFiles: apiPaths.map((path) => `${path.slice(1)}.json`) };
}
