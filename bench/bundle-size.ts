/**
 * What a phone fetches, in two parts.
 *
 * 1. At the visitor's first move (ADR 014; ADR 007's budget): from the React Router manifest of
 *    build/server/index.js, the client entry, the root route and the home route with every chunk
 *    they import, i.e. what the browser fetches to make the home page live. Lazy chunks (account
 *    menu, toasts, other pages) are not counted. Raw, gzip and brotli sizes, the share of the
 *    framework (React, React DOM, React Router) and of our own code.
 * 2. Before any interaction (issue 32): the production build on a seeded database opened in
 *    Chromium as a phone (390 x 844, touch) on /, /blog, a post and a project, immersive mode on,
 *    until the network is idle, without a move: every script file it fetched (count, gzip size of
 *    each) and the page's HTML as sent (Brotli, the copy a second visitor gets).
 *
 * Exits 1 above a budget. Byte counts only (no timings), so CI runs it.
 *
 *   npm run build && npm run bench:bundle
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Budget for the home page's initial JS, gzip (ADR 007). */
export const HOME_JS_BUDGET_GZIP = 150 * 1024;
/** Budget for what we add on top of the framework, gzip (ADR 007). */
export const HOME_APP_JS_BUDGET_GZIP = 40 * 1024;
/** What a public page may fetch as JavaScript before any interaction (issue 32, ADR 014). */
export const FIRST_LOAD_JS_BUDGET_GZIP = 120 * 1024;
export const FIRST_LOAD_JS_FILES = 15;
/** The home page's HTML as sent (Brotli) (issue 32). */
/** ADR 016: the blog section's newsletter sign-up is part of the page (was 10 KB). */
export const HOME_HTML_BUDGET = 10.5 * 1024;

interface RouteAssets {
  module: string;
  imports?: string[];
  css?: string[];
}
interface Manifest {
  entry: RouteAssets;
  routes: Record<string, RouteAssets>;
}

const root = join(import.meta.dirname, '..');
const buildFolder = join(root, 'build');
const serverEntry = join(buildFolder, 'server', 'index.js');
if (!existsSync(serverEntry)) {
  console.error(`No build at ${serverEntry}: run \`npm run build\` first.`);
  process.exit(1);
}
const { assets } = (await import(pathToFileURL(serverEntry).href)) as { assets: Manifest };

const js = new Set<string>();
const css = new Set<string>();
for (const part of [assets.entry, assets.routes.root, assets.routes['routes/home']]) {
  if (!part) throw new Error('The manifest has no root or home route');
  js.add(part.module);
  for (const file of part.imports ?? []) js.add(file);
  for (const file of part.css ?? []) css.add(file);
}

interface Size {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}
function sizeOf(file: string, bytes: Buffer): Size {
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}
const measure = (url: string): Size => sizeOf(url, readFileSync(join(buildFolder, 'client', url)));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (sizes: Size[], key: 'raw' | 'gzip' | 'brotli') =>
  sizes.reduce((total, size) => total + size[key], 0);

// The framework: React DOM's client (the entry chunk's own module) and React with React Router (their shared chunk).
const isFramework = (file: string) =>
  file === assets.entry.module || /\/chunk-[A-Z0-9]+-[\w-]+\.js$/.test(file);

const jsSizes = [...js].map(measure).sort((a, b) => b.gzip - a.gzip);
const cssSizes = [...css].map(measure);
console.log('Home page, what its first move loads (from the build manifest):');
for (const size of [...jsSizes, ...cssSizes]) {
  const tag = size.file.endsWith('.css') ? 'css' : isFramework(size.file) ? 'framework' : 'app';
  console.log(
    `  ${size.file.padEnd(48)} ${tag.padEnd(9)} raw ${kb(size.raw).padStart(9)}  gzip ${kb(size.gzip).padStart(8)}  br ${kb(size.brotli).padStart(8)}`,
  );
}
const jsGzip = sum(jsSizes, 'gzip');
const frameworkGzip = sum(
  jsSizes.filter((size) => isFramework(size.file)),
  'gzip',
);
const appGzip = jsGzip - frameworkGzip;
console.log(
  `JS:  ${jsSizes.length} files, raw ${kb(sum(jsSizes, 'raw'))}, gzip ${kb(jsGzip)}, brotli ${kb(sum(jsSizes, 'brotli'))}`,
);
console.log(`     framework gzip ${kb(frameworkGzip)}, app gzip ${kb(appGzip)}`);
console.log(
  `CSS: ${cssSizes.length} files, raw ${kb(sum(cssSizes, 'raw'))}, gzip ${kb(sum(cssSizes, 'gzip'))}, brotli ${kb(sum(cssSizes, 'brotli'))}`,
);

const failures: string[] = [];

// 2. Before any interaction, in a browser.
const { chromium } = await import('@playwright/test');
const { CHROMIUM_FLAGS, CHROMIUM_PATH } = await import('../e2e/constants.ts');
const { bytesAsSent, startBenchServer } = await import('./measure.ts');
const server = await startBenchServer({ BENCH_POSTS: '20' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
console.log(
  '\nBefore any interaction (a phone, 390 x 844, immersive mode on, until the network is idle, no move):',
);
try {
  for (const path of ['/', '/blog', server.post, server.project]) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${server.site}${path}`, { waitUntil: 'networkidle' });
    const sizes: Size[] = [];
    for (const url of scripts) {
      sizes.push(sizeOf(new URL(url).pathname, Buffer.from(await (await fetch(url)).arrayBuffer())));
    }
    await context.close();
    // The page's HTML as a later visitor gets it: its smallest copy is made just after it is kept.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const html = await bytesAsSent({
      url: `${server.site}${path}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    const gzip = sum(sizes, 'gzip');
    console.log(
      `  ${path.padEnd(36)} JS ${String(sizes.length).padStart(2)} files, gzip ${kb(gzip).padStart(8)} (${sizes
        .map((size) => `${size.file} ${kb(size.gzip)}`)
        .join(', ')}); HTML ${kb(html)} as sent`,
    );
    if (gzip > FIRST_LOAD_JS_BUDGET_GZIP)
      failures.push(`${path}: JS before any interaction ${kb(gzip)} gzip > ${kb(FIRST_LOAD_JS_BUDGET_GZIP)}`);
    if (sizes.length > FIRST_LOAD_JS_FILES)
      failures.push(`${path}: ${sizes.length} script files before any interaction > ${FIRST_LOAD_JS_FILES}`);
    if (path === '/' && html > HOME_HTML_BUDGET)
      failures.push(`the home page's HTML ${kb(html)} as sent > ${kb(HOME_HTML_BUDGET)}`);
  }
} finally {
  await browser.close();
  server.stop();
}

if (jsGzip > HOME_JS_BUDGET_GZIP)
  failures.push(`initial JS ${kb(jsGzip)} gzip > budget ${kb(HOME_JS_BUDGET_GZIP)}`);
if (appGzip > HOME_APP_JS_BUDGET_GZIP) {
  failures.push(`app JS ${kb(appGzip)} gzip (${appGzip} bytes) > budget ${kb(HOME_APP_JS_BUDGET_GZIP)}`);
}
if (failures.length > 0) {
  console.error(`OVER BUDGET: ${failures.join('; ')}`);
  process.exit(1);
}
console.log(
  `within budget: at the first move JS ${kb(jsGzip)} <= ${kb(HOME_JS_BUDGET_GZIP)} gzip, app JS ${kb(appGzip)} <= ${kb(HOME_APP_JS_BUDGET_GZIP)} gzip; before any interaction at most ${FIRST_LOAD_JS_FILES} files and ${kb(FIRST_LOAD_JS_BUDGET_GZIP)} gzip of JS on each page; the home page's HTML <= ${kb(HOME_HTML_BUDGET)} as sent`,
);
process.exit(0);
