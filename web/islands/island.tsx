/**
 * Islands (issue 61, ADR 023): on a page that ships code only for what is interactive, the server
 * renders the whole document with React Router as before, and each interactive part is an island:
 * its own small React tree, rendered on the server into a marker element and hydrated in the
 * browser by itself (`hydrateRoot` on the marker, React's documented way to hydrate a part of a
 * page). What is not an island is HTML and nothing more: no component code, no hydration.
 *
 * An island's tree is the same on both sides (`IslandTree`): a memory router of React Router's
 * public API holding the page's address, the root's data and the answer to a form posted without
 * code, so a component reads `useLocation`, `useSearchParams`, `useRouteLoaderData('root')`,
 * `useActionData` and posts through `useFetcher` exactly as on a page React Router hydrates whole.
 * The server renders that tree into the marker with its own id prefix (the marker's `useId`),
 * which the browser's `hydrateRoot` is given too: ids (labels, ARIA) come out the same.
 *
 * A fetcher's post goes to the page's own action (the one write path, ADR 018) with
 * `X-Form-Answer: json`: the server answers the action's data, or where its redirect goes, as
 * JSON instead of the page's HTML. A redirect to the same page (`?done=<form>`) stays in the page,
 * its address replaced; any other move (a link, a redirect elsewhere) loads that page.
 *
 * On a page React Router hydrates whole (a signed-in visitor, the dashboard, the static copy) an
 * island is its component, in place: the same code runs both ways.
 */
import {
  type ComponentType,
  createContext,
  type ReactElement,
  useContext,
  useEffect,
  useId,
  useState,
} from 'react';
import { createMemoryRouter, data, RouterProvider, redirect } from 'react-router';
import { FORM_ANSWER_HEADER, type FormAnswerReply } from '../../common/web-context.ts';
import { AuthProvider } from '../features/layout/auth-provider.tsx';
import { FORM_FIELD } from '../lib/form-post.ts';
import type { RootData, SiteInfo } from '../lib/site.ts';
import { ISLAND_ATTRIBUTES, inlineJson } from './markers.ts';

/**
 * When an island's code starts: in view (or near it), once the page is idle, as soon as it can, or
 * when the visitor reaches for it (a press, a key or a focus in it: a part whose HTML does all a
 * visitor needs until then, such as a search box that searches by Enter). Any island starts at
 * once when reached for.
 */
export type IslandStart = 'visible' | 'idle' | 'load' | 'touch';

/**
 * The root's data as islands have it: without the social links, which only the page's shell reads
 * (its footer), HTML alone on an island page (77 bytes of a post's Brotli).
 */
export type IslandRoot = Omit<RootData, 'site'> & { site: Omit<SiteInfo, 'socialLinks'> };

/** The root's data an island page hands its islands. */
export function islandRoot({ site: { socialLinks: _shellOnly, ...site }, ...root }: RootData): IslandRoot {
  return { ...root, site };
}

/** What every island of a page is given once: its address, the root's data, a posted form's answer. */
export interface IslandPage {
  /** The page's path and query, as the server rendered it. */
  url: string;
  /** The root loader's data (the site, and who is signed in: nobody on an island page). */
  root: IslandRoot;
  /** The answer of the form this page is the answer to (posted without code), if any. */
  answer?: unknown;
  /** The page's route is an index route: a post to its own address names it with `?index`. */
  index: boolean;
}

/** Set on the server while rendering an island page: the page's state and how to render a tree. */
export interface IslandsRendering {
  page: IslandPage;
  /** Where the islands' code starts from (React Router's client entry, web/entry.client.tsx). */
  entry: string;
  /** Renders an island's tree to HTML with the given id prefix (react-dom/server, passed in by the server entry). */
  render(tree: ReactElement, identifierPrefix: string): string;
}

export const IslandsContext = createContext<IslandsRendering | null>(null);

/** Whether this page is rendered as islands (on the server; false on a page React Router hydrates). */
export const useIslands = () => useContext(IslandsContext);

/**
 * Makes `Component` an island named `name` (a name of web/islands/registry.ts, where the browser
 * finds its code). Its props must be JSON: the browser reads them from the script after the marker.
 */
export function island<P extends object>(
  name: string,
  Component: ComponentType<P>,
  {
    start = 'visible',
    parts,
    media,
    inline = false,
  }: {
    start?: IslandStart;
    /** In a line of text (a `<span>` marker, which a paragraph may hold), not a block's `<div>`. */
    inline?: boolean;
    /** A media query: the island starts only where (and once) it matches (a wide screen with a mouse, say). */
    media?: string;
    /**
     * Elements outside the island that it acts on (a selector): a press of one before the island is
     * live wakes it and is held for it, as a press inside it would be.
     */
    parts?: string;
  } = {},
): ComponentType<P> {
  function Island(props: P) {
    const rendering = useIslands();
    const prefix = useId();
    if (!rendering) return <Component {...props} />;
    const html = rendering.render(
      <IslandTree Component={Component} props={props} page={rendering.page} />,
      prefix,
    );
    const Marker = inline ? 'span' : 'div';
    const json = inlineJson(props);
    return (
      <>
        <Marker
          className="island"
          {...{
            [ISLAND_ATTRIBUTES.name]: name,
            [ISLAND_ATTRIBUTES.start]: start,
            [ISLAND_ATTRIBUTES.prefix]: prefix,
            ...(parts ? { [ISLAND_ATTRIBUTES.parts]: parts } : {}),
            ...(media ? { [ISLAND_ATTRIBUTES.media]: media } : {}),
          }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the island's tree, on the server
          dangerouslySetInnerHTML={{ __html: html }}
        />
        {json === '{}' ? null : (
          <script
            type="application/json"
            {...{ [ISLAND_ATTRIBUTES.props]: '' }}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the island's props as JSON, escaped for a script element
            dangerouslySetInnerHTML={{ __html: json }}
          />
        )}
      </>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}

/** The page's own address (path and query) for a post from an island: `?index` added where the route needs it. */
function postAddress(request: Request, page: IslandPage): string {
  const url = new URL(request.url);
  const pagePath = new URL(page.url, url).pathname;
  if (page.index && url.pathname === pagePath && !url.searchParams.has('index')) {
    url.searchParams.append('index', '');
  }
  return url.pathname + url.search;
}

/** What a refused or failed post answers when the server could not (offline, a 5xx with no answer). */
const UNREACHABLE = {
  title: 'Something went wrong',
  message: 'The site could not be reached. Please check your connection and try again.',
};

/**
 * The island's action: the post, sent to the page's own action on the server, which answers the
 * action's data or where its redirect goes (`X-Form-Answer: json`, server/plugins/web.ts).
 */
async function postToPage(request: Request, page: IslandPage) {
  const fields = await request.formData();
  let reply: FormAnswerReply;
  let status = 200;
  try {
    const response = await fetch(postAddress(request, page), {
      method: 'POST',
      body: new URLSearchParams(fields as unknown as Record<string, string>),
      headers: { [FORM_ANSWER_HEADER]: 'json' },
      credentials: 'same-origin',
    });
    reply = (await response.json()) as FormAnswerReply;
    status = reply.status ?? response.status;
  } catch {
    reply = {};
    status = 503;
  }
  if (reply.redirect) return redirect(reply.redirect);
  if (reply.answer !== undefined && reply.answer !== null) return data(reply.answer, { status });
  if (status < 400) return null;
  const form = String(fields.get(FORM_FIELD) ?? '');
  return data({ form, ...UNREACHABLE, errors: {}, values: {} }, { status });
}

/**
 * An island's whole tree, on the server and in the browser alike: its component under a memory
 * router of its own at the page's address, with the root's data and a posted form's answer.
 */
export function IslandTree<P extends object>({
  Component,
  props,
  page,
  onLive,
}: {
  Component: ComponentType<P>;
  props: P;
  page: IslandPage;
  /** Called once the tree has hydrated (in the browser). */
  onLive?: () => void;
}) {
  const [router] = useState(() =>
    createMemoryRouter(
      [
        {
          // One route at every address ('/' included): its id is the root's, so
          // `useRouteLoaderData('root')` reads the root's data, and its action is the page's.
          id: 'root',
          path: '*',
          loader: () => page.root,
          action: ({ request }) => postToPage(request, page),
          element: (
            <AuthProvider user={page.root.user}>
              <Component {...props} />
            </AuthProvider>
          ),
        },
      ],
      {
        initialEntries: [page.url],
        hydrationData: {
          loaderData: { root: page.root },
          ...(page.answer === undefined ? {} : { actionData: { root: page.answer } }),
        },
      },
    ),
  );
  useEffect(() => followMoves(router, page), [router, page]);
  const [told] = useState(() => ({ live: false }));
  useEffect(() => {
    if (told.live) return;
    told.live = true;
    onLive?.();
  }, [onLive, told]);
  return <RouterProvider router={router} />;
}

/**
 * The island's router shows no other page: a move to another path (a link, a redirect elsewhere)
 * loads that page. A move within the page's own path (a form's success, `?done=`; the island's own
 * query, a search or a page of a list) stays in the page, the browser's address following it (a
 * push or a replace, as the move was made); back and forward bring the island along.
 */
function followMoves(router: ReturnType<typeof createMemoryRouter>, page: IslandPage) {
  let shown = page.url;
  const unsubscribe = router.subscribe((state) => {
    if (state.navigation.state !== 'idle') return;
    const { pathname, search, hash } = state.location;
    const next = pathname + search;
    if (next === shown) return;
    shown = next;
    const there = new URL(next + hash, window.location.href);
    there.searchParams.delete('index');
    if (there.pathname !== window.location.pathname) return window.location.assign(there.href);
    if (state.historyAction === 'POP') return;
    if (state.historyAction === 'PUSH') window.history.pushState(null, '', there.href);
    else window.history.replaceState(window.history.state, '', there.href);
    if (hash)
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'nearest' });
  });
  const back = () => {
    const here = window.location.pathname + window.location.search;
    if (here !== shown) void router.navigate(here, { replace: true });
  };
  window.addEventListener('popstate', back);
  return () => {
    unsubscribe();
    window.removeEventListener('popstate', back);
  };
}
