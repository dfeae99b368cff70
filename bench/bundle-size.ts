/**
 * Home page initial JS and CSS, from the build manifest (ARCHITECTURE.md budget,
 * as amended by docs/decisions/007-home-page-js-budget.md). Reads the React
 * Router manifest of build/server/index.js: the client entry, the root route
 * and the home route with every chunk they import, i.e. what the browser
 * fetches before the home page is interactive. Lazy chunks (account menu,
 * toasts, other pages) are not counted. Prints raw, gzip and brotli sizes, the
 * share of the framework (React, React DOM, React Router) and of our own code,
 * and exits 1 above the budget.
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
function measure(url: string): Size {
  const bytes = readFileSync(join(buildFolder, 'client', url));
  return {
    file: url,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (sizes: Size[], key: 'raw' | 'gzip' | 'brotli') =>
  sizes.reduce((total, size) => total + size[key], 0);

// The framework: React DOM's client (the entry chunk's own module) and React with React Router (their shared chunk).
const isFramework = (file: string) =>
  file === assets.entry.module || /\/chunk-[A-Z0-9]+-[\w-]+\.js$/.test(file);

const jsSizes = [...js].map(measure).sort((a, b) => b.gzip - a.gzip);
const cssSizes = [...css].map(measure);
console.log('Home page, initial assets (from the build manifest):');
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
  `within budget: initial JS ${kb(jsGzip)} <= ${kb(HOME_JS_BUDGET_GZIP)} gzip; app JS ${kb(appGzip)} <= ${kb(HOME_APP_JS_BUDGET_GZIP)} gzip`,
);
