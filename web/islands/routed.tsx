/**
 * An island's tree under React Router (ADR 023): a memory router of React Router's public API
 * holding the page's address, the root's data and the answer to a form posted without code, so a
 * component reads `useLocation`, `useSearchParams`, `useRouteLoaderData('root')`, `useActionData`
 * and posts through `useFetcher` exactly as on a page React Router hydrates whole. Fetched with the
 * first island that needs it (web/islands/start.ts), so React Router comes with no other.
 *
 * A fetcher's post goes to the page's own action (the one write path, ADR 018) with
 * `X-Form-Answer: json`: the server answers the action's data, or where its redirect goes, as
 * JSON instead of the page's HTML. A redirect to the same page (`?done=<form>`) stays in the page,
 * its address replaced; any other move (a link, a redirect elsewhere) loads that page.
 */
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { createMemoryRouter, data, RouterProvider, redirect } from 'react-router';
import { FORM_ANSWER_HEADER, type FormAnswerReply } from '../../common/web-context.ts';
import { formNameOf } from '../lib/form-post.ts';
import { type IslandPage, IslandTree, type IslandTreeProps } from './island.tsx';

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
  const form = formNameOf(fields);
  return data({ form, ...UNREACHABLE, errors: {}, values: {} }, { status });
}

/**
 * An island's tree under a memory router of its own at the page's address, with the root's data
 * and a posted form's answer, on the server and in the browser alike.
 */
export function RoutedIslandTree<P extends object>({ Component, props, page, onLive }: IslandTreeProps<P>) {
  const router = useIslandRouter(
    page,
    <IslandTree Component={Component} props={props} page={page} onLive={onLive} routed />,
  );
  return <RouterProvider router={router} />;
}

/** What a `RoutedPart` shows, read by its router's element as it is now (not as the router was made). */
const PartContent = createContext<ReactNode>(null);
const ShownPart = () => useContext(PartContent);

/**
 * A part of an island without a router that needs one once it shows (a dialog's form): the same
 * memory router as a routed island's, around it (`WithRouter`, web/islands/with-router.tsx).
 */
export function RoutedPart({ page, children }: { page: IslandPage; children: ReactNode }) {
  const router = useIslandRouter(page, <ShownPart />);
  return (
    <PartContent.Provider value={children}>
      <RouterProvider router={router} />
    </PartContent.Provider>
  );
}

/** The island's memory router: one route at every address, its element `element`, following the page's moves. */
function useIslandRouter(page: IslandPage, element: ReactNode) {
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
          element,
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
  return router;
}

/**
 * The island's router shows no other page: a move to another path (a link, a redirect elsewhere)
 * loads that page. A move within the page's own path (a form's success, `?done=`; the island's own
 * query, a search or a page of a list) stays in the page, the browser's address following it (a
 * push or a replace, as the move was made); back and forward bring the island along.
 */
export function followMoves(router: ReturnType<typeof createMemoryRouter>, page: IslandPage) {
  let shown = page.url;
  const follow = (state: typeof router.state) => {
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
  };
  const unsubscribe = router.subscribe(follow);
  // A move made before this ran is followed now: a tap on a link while the island was hydrating
  // reached the link's handler (React hydrates at once what is pressed) before this effect, and
  // the router went there with nobody watching: the page stayed where it was.
  follow(router.state);
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
