/**
 * Islands (issue 61, ADR 023): on a page that ships code only for what is interactive, the server
 * renders the whole document with React Router as before, and each interactive part is an island:
 * its own small React tree, rendered on the server into a marker element and hydrated in the
 * browser by itself (`hydrateRoot` on the marker, React's documented way to hydrate a part of a
 * page). What is not an island is HTML and nothing more: no component code, no hydration.
 *
 * An island's tree is the same on both sides: its component with who is signed in (`IslandTree`),
 * under a memory router of React Router's own (`RoutedIslandTree`, web/islands/routed.tsx) unless
 * the island says it needs none (`router: false`: the home page's extras and skills, the cursor),
 * so that an island page whose islands are all such never fetches React Router. The server renders
 * that tree into the marker with its own id prefix (the marker's `useId`), which the browser's
 * `hydrateRoot` is given too: ids (labels, ARIA) come out the same.
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
import { AuthProvider } from '../features/layout/auth-provider.tsx';
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
  /** The tree under a memory router (web/islands/routed.tsx), passed in by the server entry so that this module has no React Router. */
  Routed: typeof IslandTree;
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
    router = true,
  }: {
    start?: IslandStart;
    /**
     * Whether the island reads React Router (a form's fetcher, the page's address, the root's data,
     * a link): `false` for one that does not, whose page then never fetches React Router for it.
     * A test checks that such an island's code imports none.
     */
    router?: boolean;
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
    const Tree = router ? rendering.Routed : IslandTree;
    const html = rendering.render(<Tree Component={Component} props={props} page={rendering.page} />, prefix);
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
            ...(router ? {} : { [ISLAND_ATTRIBUTES.routerless]: '' }),
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

/** What an island's tree is given, on the server and in the browser alike. */
export interface IslandTreeProps<P extends object> {
  Component: ComponentType<P>;
  props: P;
  page: IslandPage;
  /** Called once the tree has hydrated (in the browser). */
  onLive?: () => void;
}

/**
 * The page of an island whose tree has no router (`router: false`), for a part of it that needs
 * one once it shows (`WithRouter`, web/islands/with-router.tsx); null under a router.
 */
export const RouterlessPage = createContext<IslandPage | null>(null);

/**
 * An island's tree: its component, with who is signed in as the root's data says; `routed` when
 * it is the element of the island's router (web/islands/routed.tsx).
 */
export function IslandTree<P extends object>({
  Component,
  props,
  page,
  onLive,
  routed = false,
}: IslandTreeProps<P> & { routed?: boolean }) {
  const [told] = useState(() => ({ live: false }));
  useEffect(() => {
    if (told.live) return;
    told.live = true;
    onLive?.();
  }, [onLive, told]);
  return (
    <RouterlessPage.Provider value={routed ? null : page}>
      <AuthProvider user={page.root.user}>
        <Component {...props} />
      </AuthProvider>
    </RouterlessPage.Provider>
  );
}
