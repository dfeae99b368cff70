/**
 * Hydration when the visitor first reaches for the page (ADR 014). A finished document as React
 * Router writes it loads all of the page's JavaScript at once (its module preloads and module
 * script) and carries the loaders' data a second time, as script text beside the markup that
 * already shows it. For a page a visitor without a session reads, this rewrites the document so
 * that it carries neither:
 *
 * - the module preloads go (the boot script preloads the same modules once the visitor moves);
 * - the loaders' data (React Router's hydration stream) is handed to `keepState`, which keeps it
 *   and answers the address the browser fetches it from;
 * - React Router's module script becomes a few inline lines that import the boot script shared
 *   by every page on the visitor's first move (`common/hydration-boot.ts`), on a tag whose data
 *   attributes name the data's address, the manifest and the route ids. (Not `async` with a
 *   `src`: React would hydrate that as a hoisted resource, skip it and miss the script it renders
 *   in its place.)
 *
 * Until the visitor moves the page is what its HTML is: links are links and every form posts
 * (ADR 013). A document without those pieces (no scripts rendered, or a routing mode whose
 * manifest is inlined) is handed back unchanged and hydrates at once.
 */
import { HYDRATION_TRIGGER } from '../../common/hydration-boot.ts';

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const STREAM_CHUNK =
  /<script(?: nonce="[^"]*")?>window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/g;
const STREAM_CLOSE =
  /<script(?: nonce="[^"]*")?>window\.__reactRouterContext\.streamController\.close\(\);<\/script>/;
const MODULE_SCRIPT =
  /<script\b([^>]*\btype="module"[^>]*)>([^<]*window\.__reactRouterRouteModules[^<]*)<\/script>/;
const MANIFEST_IMPORT = /^\s*import\s+("[^"]+");/;
const ROUTE_IDS = /window\.__reactRouterRouteModules = \{((?:"[^"]+":route\d+,?)+)\};/;

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The document with its hydration deferred, or the same bytes when it has no React Router
 * scripts to defer. `keepState` receives the hydration stream's text and returns the address the
 * boot script fetches it from.
 */
export function deferHydration(document: Buffer, keepState: (state: string) => string): Buffer {
  const html = document.toString('utf8');
  const moduleScript = MODULE_SCRIPT.exec(html);
  if (!moduleScript || !STREAM_CLOSE.test(html)) return document;
  const [, attributes = '', code = ''] = moduleScript;
  const nonce = / nonce="[^"]*"/.exec(attributes)?.[0] ?? '';
  const manifest = MANIFEST_IMPORT.exec(code)?.[1];
  const routes = ROUTE_IDS.exec(code)?.[1];
  // A manifest written into the page (lazy route discovery) is not what the boot script reads.
  if (!manifest || !routes || code.includes('__reactRouterManifest')) return document;
  const ids = [...routes.matchAll(/"([^"]+)":route\d+/g)].map((match) => match[1] ?? '');
  if (ids.some((id) => /\s/.test(id))) return document;

  let state = '';
  for (const match of html.matchAll(STREAM_CHUNK)) state += JSON.parse(match[1] ?? '""') as string;
  const trigger =
    `<script type="module"${nonce} data-hydration="${attribute(keepState(state))}"` +
    ` data-manifest="${attribute(JSON.parse(manifest) as string)}" data-routes="${attribute(ids.join(' '))}">` +
    `${HYDRATION_TRIGGER}</script>`;
  return Buffer.from(
    html
      .replace(MODULE_PRELOAD, '')
      .replace(STREAM_CHUNK, '')
      .replace(STREAM_CLOSE, '')
      .replace(MODULE_SCRIPT, () => trigger),
  );
}
