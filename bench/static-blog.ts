/**
 * The static anchor of bench/lighthouse.ts (issue 61): the built astro-theme-cactus blog kept in
 * bench/vendor/static-blog (see bench/vendor/README.md), served on 127.0.0.1 as a static host
 * with compression serves it: a folder's index.html, Brotli or gzip as the browser asks (each copy
 * made once, at start), hashed assets under /_astro/ cached for a year, 404.html for anything else.
 * The site's own build is served the same way (precompressed Brotli, immutable assets), so the two
 * differ only in what they send.
 *
 * The theme sets its text in the system's fonts. A blog with a brand loads its type: with `fonts`,
 * each page also loads the site's two faces the way the site does (issue 65, point 7): the very
 * `@font-face` rules of web/app.css (the faces with `font-display: swap` and their metric-matched
 * fallbacks) in a style element in the head, as Astro's Fonts API writes them, with the text face
 * for the text and the display face for the headings, the files from web/fonts cached for a year.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, extname, join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const STATIC_BLOG_FOLDER = join(import.meta.dirname, 'vendor', 'static-blog');
const WEB = join(import.meta.dirname, '..', 'web');

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
  '.woff2': 'font/woff2',
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

/** The site's type for the anchor: its @font-face rules, the faces' files, the families' use. */
function siteType(files: Map<string, Kept>) {
  const faces = [...readFileSync(join(WEB, 'app.css'), 'utf8').matchAll(/@font-face \{[^}]*\}/g)].map(
    ([rule]) =>
      rule.replace(/url\("\.\/fonts\/([\w-]+\.woff2)"\)/, (_, file: string) => {
        files.set(`/_astro/fonts/${file}`, {
          type: 'font/woff2',
          raw: readFileSync(join(WEB, 'fonts', basename(file))),
        });
        return `url("/_astro/fonts/${file}")`;
      }),
  );
  const use =
    'body{font-family:"Instrument Sans Variable","Instrument Sans Fallback",ui-sans-serif,system-ui,sans-serif}' +
    ':is(h1,h2,h3,h4){font-family:"Space Grotesk Variable","Space Grotesk Fallback",ui-sans-serif,system-ui,sans-serif}';
  return `<style>${faces.join('')}${use}</style>`;
}

/** Adds the site's type to every page of the anchor (see the module's comment). */
function withSiteType(files: Map<string, Kept>) {
  const style = siteType(files);
  for (const [name, kept] of files) {
    if (!name.endsWith('.html')) continue;
    const raw = Buffer.from(kept.raw.toString('utf8').replace('</head>', `${style}</head>`));
    files.set(name, {
      ...kept,
      raw,
      br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(raw, { level: 9 }),
    });
  }
}

/**
 * Serves the static blog, with the site's two faces unless `fonts` is false; resolves with its
 * origin once it listens.
 */
export async function serveStaticBlog({ fonts = true } = {}): Promise<{ url: string; server: Server }> {
  const files = keepAll(STATIC_BLOG_FOLDER);
  if (fonts) withSiteType(files);
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
