/**
 * Renders a page on the server as one whole document (no page streams data after its
 * shell, and the server compresses or caches the finished bytes in one pass). Every
 * inline script carries the response's CSP nonce (from the load context).
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { FORM_ANSWER_HEADER, type FormAnswerReply } from '../common/web-context.ts';
import { type IslandPage, IslandsContext, type IslandsRendering, islandRoot } from './islands/island.tsx';
import { RoutedIslandTree } from './islands/routed.tsx';
import { startAfterPaint } from './lib/late-start.ts';
import { lowPriorityModulePreloadsIn } from './lib/module-preloads.ts';
import { NonceContext } from './lib/nonce.ts';
import type { RootData } from './lib/site.ts';

export const streamTimeout = 5000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const context = loadContext;
  const nonce = context.nonce || undefined;
  // An island's post (web/islands/island.tsx): the action's answer as JSON, not the page's HTML.
  if (request.method === 'POST' && request.headers.get(FORM_ANSWER_HEADER) === 'json') {
    const { actionData } = routerContext.staticHandlerContext;
    const reply: FormAnswerReply = {
      answer: Object.values(actionData ?? {})[0] ?? null,
      status: responseStatusCode,
    };
    responseHeaders.set('Cache-Control', 'no-store');
    return Response.json(reply, { headers: responseHeaders });
  }
  const islands = islandsOf(request, routerContext, context);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <IslandsContext.Provider value={islands}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </IslandsContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // Every finished Suspense boundary is written in place: a page is whole in its HTML, not a
        // fallback plus hidden content that a script swaps in (React outlines boundaries larger
        // than this, 12.8 KB by default; the quote form and the skills are larger).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          clearTimeout(timer);
          shellRendered = true;
          const chunks: Buffer[] = [];
          const document = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              const whole = Buffer.concat(chunks);
              // A page everybody without a session reads alike fetches its code once it has been
              // painted (ADR 017); a signed-in page, or the answer to a posted form, at once.
              const late = context.startAfterPaint;
              // An island page has no React Router scripts to hold: its starter waits for the paint
              // itself. Nor is its document hydrated whole: its first paint waits for no stylesheet,
              // except the answer to a posted form, whose visitor has the stylesheet already and is
              // taken to the form's answer further down (with the stylesheet after the content, a
              // phone without JavaScript was left above a refused quote form in 2-3 loads of 6).
              const html = islands
                ? request.method === 'GET'
                  ? criticalCssIn(whole, context.inlineCriticalCss)
                  : whole
                : late && request.method === 'GET' && (status === 200 || status === 404)
                  ? startAfterPaint(whole, late.keepData)
                  : lowPriorityModulePreloadsIn(whole);
              resolve(
                new Response(new Uint8Array(html.buffer as ArrayBuffer, html.byteOffset, html.byteLength), {
                  headers: responseHeaders,
                  status,
                }),
              );
              done();
            },
          });
          pipe(document);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors after the shell was sent are logged here; earlier ones reach the server's handler.
          if (shellRendered) console.error(error);
        },
      },
    );
    timer = setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * The stylesheets' links as the critical CSS leaves them, last in the body: the site's, and a
 * post's KaTeX stylesheet where it has math (whose rules for the page are in the <style> too).
 */
const MOVED_STYLESHEETS = /((?:<link rel="stylesheet" [^>]*>)+)(<\/body>)/;

/**
 * An island page's first paint with every rule its HTML uses in a <style> in its head (ADR 029),
 * and the whole stylesheets named only for a browser without scripting (<noscript>): with
 * scripting, the islands' starter fetches the site's with their code once the page has painted
 * (web/islands/starter.ts), so it takes nothing from what the first paint waits for; a post's
 * math has all it needs in the <style> (what the islands draw later uses no KaTeX).
 */
function criticalCssIn(document: Buffer, inline: ((html: string) => string) | undefined): Buffer {
  if (!inline) return document;
  return Buffer.from(
    inline(document.toString('utf8')).replace(MOVED_STYLESHEETS, '<noscript>$1</noscript>$2'),
  );
}

/**
 * Whether this page is rendered as islands (ADR 023): its route says so (`handle.islands`), nobody
 * is signed in (the owner's pages hydrate whole, with their controls) and it is not the static copy.
 */
function islandsOf(
  request: Request,
  routerContext: EntryContext,
  context: AppLoadContext,
): IslandsRendering | null {
  if (context.staticCopy) return null;
  const { matches, loaderData, actionData } = routerContext.staticHandlerContext;
  const root = loaderData.root as RootData | undefined;
  if (!root || root.user) return null;
  const wanted = matches.some(
    (match) =>
      (routerContext.routeModules[match.route.id]?.handle as { islands?: boolean } | undefined)?.islands,
  );
  if (!wanted) return null;
  const url = new URL(request.url);
  url.searchParams.delete('index');
  const answer = Object.values(actionData ?? {})[0];
  const page: IslandPage = {
    url: url.pathname + url.search,
    root: islandRoot(root),
    index: matches.at(-1)?.route.index === true,
    ...(answer === undefined ? {} : { answer }),
  };
  return {
    page,
    entry: routerContext.manifest.entry.module,
    render: (tree, identifierPrefix) => renderToString(tree, { identifierPrefix }),
    Routed: RoutedIslandTree,
  };
}
