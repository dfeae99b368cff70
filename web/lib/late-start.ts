/**
 * A public page's code starts by itself once the page has been painted (ADR 017). React Router's
 * `<Scripts>` writes module preloads, the loaders' data as inline scripts that feed its hydration
 * stream, and one inline module script that imports the manifest and the page's route modules and
 * then the client entry: the browser would fetch all of it while the page's first paint still
 * waits for its stylesheet and largest image, and the data doubles the HTML the paint waits for.
 * For a page the page cache keeps, `startAfterPaint` holds that markup back without changing it:
 *
 * - the module preloads leave the document; their addresses go to the starter;
 * - the data leaves it too: `keepData` keeps the stream's text on the server and names the
 *   address the starter fetches it from (server/lib/hydration-states.ts);
 * - React Router's module script keeps its text but gets a type the browser does not run
 *   (`HELD_TYPE`), so it is a data block;
 * - a small inline script, the starter (`startHeldScripts`, this module's TypeScript serialised),
 *   follows it: after the window's load event and the next frame (the page is painted), or at the
 *   visitor's first press or key if that comes sooner, it adds the preloads, fetches the data and
 *   hands it to React Router's stream as its own scripts would have, then adds a module script with
 *   the held text, which the browser runs exactly as it would have run the original.
 *
 * The client entry hydrates as React Router's template does; events before hydration do what the
 * HTML does (links, forms, the popover menu), and React hydrates at once and handles a press that
 * comes during it. The framework output read is the shape of those tags: `react-router` is pinned to
 * one version, and `assertRecognised` (run by the tests on every page's real output) fails on
 * anything else. A failed fetch (the visitor went offline) leaves the HTML, and the next press or
 * key tries again (one made while the failed fetch was under way included).
 */

/** The held module script's type: not JavaScript, so the browser keeps it as a data block. */
export const HELD_TYPE = 'application/x-held-module';

/** How long a form sent before the code is live waits for it before the browser sends it as it is. */
export const HOLD_MS = 3000;

/** The events that start the code early: the visitor reaches for something. */
export const EARLY_STARTS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * The starter, run in the page as an inline classic script right after the held module script.
 * Serialised with `toString()`: it must not refer to anything outside its own body.
 */
export function startHeldScripts(
  preloads: string[],
  data: string,
  heldType: string,
  earlyStarts: readonly string[],
  holdMs: number,
) {
  const held = document.currentScript?.previousElementSibling;
  if (!(held instanceof HTMLScriptElement) || held.type !== heldType) return;
  const router = (
    window as unknown as {
      __reactRouterContext: { streamController: ReadableStreamDefaultController<string> };
    }
  ).__reactRouterContext;
  let state: 'waiting' | 'starting' | 'started' = 'waiting';
  // A press or key while a start is under way: if that start fails, it was the next press.
  let pressedMeanwhile = false;
  // A form sent before the code is live waits for it (at most `holdMs`) and is sent again once it
  // is (the code adds what the page's answer alone cannot: the pending state, the toast, staying on
  // the page). If the code cannot be fetched or does not come in time, the browser sends it as it
  // would have (`sendAsIs`).
  const waiting: { form: HTMLFormElement; submitter: HTMLElement | null }[] = [];
  let sendAsIs = false;
  const live = () => document.documentElement.dataset.hydrated === 'true';
  const holdSubmit = (event: Event) => {
    const sent = event.target as HTMLFormElement;
    if (sendAsIs || live() || sent.method === 'dialog') return;
    waiting.push({ form: sent, submitter: (event as SubmitEvent).submitter });
    event.preventDefault();
    event.stopPropagation();
    start();
    setTimeout(() => {
      if (live()) return;
      sendAsIs = true;
      sendWaiting();
      sendAsIs = false;
    }, holdMs);
  };
  const sendWaiting = () => {
    for (const one of waiting.splice(0)) {
      if (one.form.isConnected) one.form.requestSubmit(one.submitter?.isConnected ? one.submitter : null);
    }
  };
  addEventListener('submit', holdSubmit, true);
  new MutationObserver((_changes, observer) => {
    if (!live()) return;
    observer.disconnect();
    removeEventListener('submit', holdSubmit, true);
    sendWaiting();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
  const press = () => {
    if (state === 'starting') pressedMeanwhile = true;
    start();
  };
  const start = () => {
    if (state !== 'waiting') return;
    state = 'starting';
    pressedMeanwhile = false;
    // Told to whoever asks (a browser test running a paused clock on until the code starts).
    (window as { __codeStarting?: boolean }).__codeStarting = true;
    for (const href of preloads.splice(0)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    fetch(data)
      .then((response) => {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then((text) => {
        router.streamController.enqueue(text);
        router.streamController.close();
        state = 'started';
        for (const type of earlyStarts) removeEventListener(type, press, true);
        const script = document.createElement('script');
        script.type = 'module';
        if (held.nonce) script.nonce = held.nonce;
        script.textContent = held.textContent;
        held.after(script);
      })
      .catch(() => {
        state = 'waiting';
        // Offline: what was sent goes as the browser sends it, without the code.
        sendAsIs = true;
        sendWaiting();
        sendAsIs = false;
        if (pressedMeanwhile) start();
      });
  };
  // After the frame that follows the load event has been painted (its largest image too) and shown:
  // one frame to paint it, the next to be sure it is on screen (Chromium stamps a paint when it is
  // presented, up to a frame or two after the main thread painted it), then a task.
  const afterPaint = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
  for (const type of earlyStarts) addEventListener(type, press, { capture: true, passive: true });
}

/**
 * The starter as the page gets it (every page's HTML carries it, the home page's budget is 10.5
 * KB): its source without the indentation the build leaves in (no template literal in it spans
 * lines, so no line's leading white space is content), and its own names (parameters, constants,
 * variables, callbacks' parameters) one letter long. A name is changed only where it stands as a
 * name: not after a dot (a property), not before a colon (an object's key), not in quotes (the
 * starter's strings are plain quoted words; a template literal's `${name}` is a name). The browser
 * tests and the unit test below run it.
 */
export const STARTER_SOURCE = compactStarter(startHeldScripts.toString());

export function compactStarter(source: string): string {
  const lines = source.replace(/\n\s+/g, '\n');
  const parameters = /^function \w+\(([^)]*)\)/.exec(lines)?.[1]?.split(',') ?? [];
  const declared = [...lines.matchAll(/\b(?:const|let)\s+(\w+)|\((\w+)\) =>/g)].map(
    (match) => match[1] ?? match[2] ?? '',
  );
  const names = [...new Set([...parameters, ...declared].map((name) => name.trim()).filter(Boolean))];
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  if (names.length > letters.length || /\b[a-zA-Z]\b/.test(lines.replace(/(["'])[^"']*\1/g, ''))) {
    // One-letter names of its own already, or more names than letters: sent as written.
    return lines;
  }
  return names.reduce(
    (text, name, index) =>
      text.replace(new RegExp(`(?<![.\\w$"'])${name}(?![\\w$"':])`, 'g'), letters[index] ?? name),
    lines,
  );
}

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/?>/g;
const MODULE_SCRIPT = /<script(?: nonce="([^"]*)")? type="module" async="">([^<]*)<\/script>/g;
const STREAM_CHUNK =
  /<script(?: nonce="[^"]*")?>window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/g;
const STREAM_CLOSE =
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

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A script's text made safe inside an inline `<script>`: no `</script` or `<!--` can end it early. */
const inlineSafe = (code: string) => code.replace(/</g, '\\u003c');

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

/**
 * The document with React Router's scripts and data held back until after the first paint, or the
 * same bytes when it has no module script to hold (a page rendered without scripts). `keepData`
 * keeps the loaders' data and returns the address the page fetches it from.
 */
export function startAfterPaint(document: Buffer, keepData: (state: string) => string): Buffer {
  const html = document.toString('utf8');
  if ([...html.matchAll(MODULE_SCRIPT)].length !== 1) return document;
  assertRecognised(html);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  let state = '';
  for (const match of html.matchAll(STREAM_CHUNK)) state += JSON.parse(match[1] ?? '""') as string;
  const starter = `(${STARTER_SOURCE})(${inlineSafe(
    [preloads, keepData(state), HELD_TYPE, EARLY_STARTS, HOLD_MS]
      .map((value) => JSON.stringify(value))
      .join(','),
  )})`;
  return Buffer.from(
    html
      .replace(MODULE_PRELOAD, '')
      .replace(STREAM_CHUNK, '')
      .replace(STREAM_CLOSE, '')
      .replace(MODULE_SCRIPT, (_tag, nonce: string | undefined, code: string) => {
        const nonceAttribute = nonce === undefined ? '' : ` nonce="${attribute(nonce)}"`;
        return (
          `<script${nonceAttribute} type="${HELD_TYPE}">${code}</script>` +
          `<script${nonceAttribute}>${starter}</script>`
        );
      }),
  );
}
