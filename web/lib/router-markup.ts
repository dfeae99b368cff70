/**
 * React Router's script markup as this site knows it (7.18's `<Scripts>`, the version pinned): the
 * module preloads, the one module script, the data stream's chunks, the context script. What
 * web/lib/late-start.ts holds back, and what `assertRecognised` checks every page's real output
 * against (the unit tests and e2e/ssr.spec.ts).
 */
export const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/?>/g;
export const MODULE_SCRIPT = /<script(?: nonce="([^"]*)")? type="module" async="">([^<]*)<\/script>/g;
export const STREAM_CHUNK =
  /<script(?: nonce="[^"]*")?>window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/g;
export const STREAM_CLOSE =
  /<script(?: nonce="[^"]*")?>window\.__reactRouterContext\.streamController\.close\(\);<\/script>/g;
/** What React Router's module script does, statement by statement (7.18's `<Scripts>`). */
const MODULE_STATEMENT = [
  /^import "\/[\w./-]+\.js";?$/,
  /^import \* as route\d+(?:_\w+)? from "\/[\w./-]+\.js";$/,
  /^const route\d+ = \{(?:\.\.\.route\d+_\w+,?)+\};$/,
  /^window\.__reactRouterRouteModules = \{(?:"[^"]+":route\d+,?)*\};$/,
  /^import\("\/[\w./-]+\.js"\);$/,
];
/** Every other inline script React Router writes: its context (the stream it feeds) and scroll restoration. */
const CONTEXT_SCRIPT =
  /^window\.__reactRouterContext = \{.*\};window\.__reactRouterContext\.stream = new ReadableStream\(\{start\(controller\)\{window\.__reactRouterContext\.streamController = controller;\}\}\)\.pipeThrough\(new TextEncoderStream\(\)\);$/s;

/**
 * Throws unless React Router's script markup in `html` is what this module knows: its context
 * script, exactly one module script made only of the statements above, the data as stream
 * chunks closed once, and module preloads of same-site scripts.
 */
export function assertRecognised(html: string): void {
  const scripts = [...html.matchAll(MODULE_SCRIPT)];
  if (scripts.length !== 1)
    throw new Error(`expected one React Router module script, found ${scripts.length}`);
  const code = scripts[0]?.[2] ?? '';
  for (const statement of code.split('\n').map((line) => line.trim())) {
    if (statement && !MODULE_STATEMENT.some((known) => known.test(statement))) {
      throw new Error(`React Router's module script has a statement this site does not know: ${statement}`);
    }
  }
  const preloads = html.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? [];
  for (const tag of preloads) {
    if (!/^<link rel="modulepreload" href="\/[\w./-]+\.js"(?: nonce="[^"]*")?\/?>$/.test(tag)) {
      throw new Error(`a module preload this site does not know: ${tag}`);
    }
  }
  const routerScripts = [
    ...html.matchAll(/<script(?: nonce="[^"]*")?>(window\.__reactRouter[^<]*)<\/script>/g),
  ];
  const contexts = routerScripts.filter((match) => CONTEXT_SCRIPT.test(match[1] ?? ''));
  if (contexts.length !== 1)
    throw new Error(`expected one React Router context script, found ${contexts.length}`);
  const closes = html.match(STREAM_CLOSE) ?? [];
  if (closes.length !== 1) throw new Error(`expected the data stream closed once, found ${closes.length}`);
  for (const [tag, text = ''] of routerScripts) {
    if (
      CONTEXT_SCRIPT.test(text) ||
      new RegExp(STREAM_CHUNK.source).test(tag) ||
      new RegExp(STREAM_CLOSE.source).test(tag)
    )
      continue;
    throw new Error(`a React Router script this site does not know: ${tag.slice(0, 120)}`);
  }
}
