/**
 * For the static-copy browser tests: exports the site (scripts/export-static.ts)
 * from a fresh database into a temporary folder, then serves that folder the way
 * a plain static host does: files as they are, a folder's index.html, the query
 * string ignored, 404.html with status 404 for anything else. Listens on
 * 127.0.0.1 only; the browser reaches it under a host name with a static-hosting
 * marker (playwright.config.ts maps the name to 127.0.0.1).
 *
 * A second copy, exported for the sub-path /site/ (as a GitHub Pages project site is published at
 * user.github.io/site/), is served under /site/ from its own folder, with its own 404.html.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { STATIC_HOST, STATIC_PORT, STATIC_SUBPATH } from './constants.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-static-data-'));

/** Runs `scripts/export-static.ts` for a copy published at `baseUrl`; returns its folder. */
function exportCopy(baseUrl: string): string {
  const outDir = mkdtempSync(join(tmpdir(), 'portfolio-static-'));
  const exported = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/export-static.ts', '--out', outDir, '--base-url', baseUrl],
    { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: 'inherit' },
  );
  if (exported.status !== 0) throw new Error(`the static export for ${baseUrl} failed (${exported.status})`);
  return outDir;
}

const rootCopy = exportCopy(`http://${STATIC_HOST}:${STATIC_PORT}`);
const subpathCopy = exportCopy(`http://${STATIC_HOST}:${STATIC_PORT}${STATIC_SUBPATH}`);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.data': 'text/x-script',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
};

function fileFor(outDir: string, pathname: string): string | undefined {
  const relative = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const candidate = join(outDir, relative);
  if (!candidate.startsWith(outDir)) return undefined;
  try {
    const stats = statSync(candidate);
    if (stats.isFile()) return candidate;
    if (stats.isDirectory()) {
      const index = join(candidate, 'index.html');
      if (statSync(index).isFile()) return index;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

createServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', 'http://static');
  const inSubpath = pathname.startsWith(STATIC_SUBPATH) || pathname === STATIC_SUBPATH.slice(0, -1);
  const outDir = inSubpath ? subpathCopy : rootCopy;
  const file = fileFor(outDir, inSubpath ? pathname.slice(STATIC_SUBPATH.length - 1) || '/' : pathname);
  if (!file) {
    response.writeHead(404, { 'content-type': TYPES['.html'] });
    response.end(readFileSync(join(outDir, '404.html')));
    return;
  }
  response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  response.end(readFileSync(file));
}).listen(STATIC_PORT, '127.0.0.1');
