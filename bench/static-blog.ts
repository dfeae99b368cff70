/**
 * The static anchor of bench/lighthouse.ts (issue 61): the built astro-theme-cactus blog kept in
 * bench/fixtures/static-blog (see bench/fixtures/README.md), served on 127.0.0.1 as a static host
 * with compression serves it: a folder's index.html, Brotli or gzip as the browser asks (each copy
 * made once, at start), hashed assets under /_astro/ cached for a year, 404.html for anything else.
 * The site's own build is served the same way (precompressed Brotli, immutable assets), so the two
 * differ only in what they send.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const STATIC_BLOG_FOLDER = join(import.meta.dirname, 'fixtures', 'static-blog');

/** The anchor's page for each of the site's measured pages. */
export const STATIC_BLOG_PAGES = {
  home: '/',
  blog: '/posts/',
  post: '/posts/markdown-elements/',
  project: '/about/',
} as const;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.svg', '.xml', '.txt']);

interface Kept {
  type: string;
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function keepAll(folder: string): Map<string, Kept> {
  const files = new Map<string, Kept>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const extension = extname(name);
        const raw = readFileSync(path);
        const kept: Kept = { type: TYPES[extension] ?? 'application/octet-stream', raw };
        if (COMPRESSIBLE.has(extension)) {
          kept.br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
          kept.gzip = gzipSync(raw, { level: 9 });
        }
        files.set(`/${relative(folder, path)}`, kept);
      }
    }
  };
  walk(folder);
  return files;
}

/** Serves the static blog; resolves with its origin once it listens. */
export async function serveStaticBlog(): Promise<{ url: string; server: Server }> {
  const files = keepAll(STATIC_BLOG_FOLDER);
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://static');
    const name = decodeURIComponent(pathname);
    const file = files.get(name) ?? files.get(join(name, 'index.html'));
    const found = file ?? files.get('/404.html');
    if (!found) return void response.writeHead(404).end();
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const headers: Record<string, string> = {
      'content-type': found.type,
      'cache-control': name.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    let body = found.raw;
    if (found.br && /\bbr\b/.test(accepts)) {
      body = found.br;
      headers['content-encoding'] = 'br';
    } else if (found.gzip && /\bgzip\b/.test(accepts)) {
      body = found.gzip;
      headers['content-encoding'] = 'gzip';
    }
    response.writeHead(file ? 200 : 404, headers).end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
