/**
 * The document and the providers every page shares: theme script before first
 * paint, auth, tooltips, toasts, header and footer (the query cache is a page's own: ADR 022). The root
 * loader tells every page who is signed in and what the site is.
 */
import { lazy, Suspense, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { FEDIVERSE_INFO_PATH, type FediverseInfo } from '../common/fediverse.ts';
import { FEED_PATHS, feedTitle } from '../common/feeds.ts';
import { contactInfo, profile, socialLinks } from '../content/profile.ts';
import type { Route } from './+types/root';
import appCss from './app.css?url';
import { SignedInNotice } from './features/auth/signed-in-notice.tsx';
import { PostSkeleton } from './features/blog/post-skeleton.tsx';
import { FollowBox } from './features/fediverse/follow-box.tsx';
import { ImmersiveCursor, isOwnersPage } from './features/immersive/immersive-loader.tsx';
import { AuthProvider } from './features/layout/auth-provider.tsx';
import { Footer } from './features/layout/footer.tsx';
import { Header } from './features/layout/header.tsx';
import { NotFoundContent } from './features/layout/not-found-content.tsx';
import { NewsletterSignup } from './features/newsletter/subscribe-form.tsx';
import { themeScript } from './features/preferences/theme.ts';
import { useIslands } from './islands/island.tsx';
import { IslandScripts } from './islands/scripts.tsx';
import { withBase } from './lib/base.ts';
import { LAY_OUT_AT_ANCHOR } from './lib/laid-out.ts';
import { useNonce } from './lib/nonce.ts';
import type { RootData } from './lib/site.ts';
import { pageTimeZone, TIME_ZONE_SCRIPT } from './lib/time-zone.ts';
// Minified by the build (scripts/inline-script.ts); written by the server alone.
import STORAGE_FALLBACK from './storage-fallback.ts?script';
import { useToasts } from './ui/use-toast.ts';

/**
 * Adds the view counter's script when the page's code starts (ADR 017, web/lib/late-start.ts):
 * after the load event, two frames (the first paints the page, the second makes sure that frame
 * is on screen, where Chromium stamps the largest paint) and a task. With one frame, as before,
 * it was the first script of the home page and came up to 42 ms before its LCP on a phone profile.
 */
const INSIGHTS_AFTER_LOAD = `addEventListener('load',function(){var f=requestAnimationFrame;f(function(){f(function(){setTimeout(function(){var s=document.createElement('script');s.src='/insights.js';document.head.appendChild(s)})})})},{once:true})`;

// Radix Toast loads with the first toast, not with every page.
const Toaster = lazy(() => import('./ui/toaster.tsx').then((module) => ({ default: module.Toaster })));

export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData> {
  const { siteUrl, user, imageGenerator, staticCopy } = context;
  const fediverse = staticCopy ? null : await context.readApi<FediverseInfo>(FEDIVERSE_INFO_PATH);
  return {
    user,
    timeZone: pageTimeZone(request.headers.get('cookie'), user !== null),
    site: {
      url: siteUrl,
      ownerName: profile.name,
      ownerTitle: profile.title,
      description: profile.description,
      image: profile.profileImage,
      location: profile.location,
      email: contactInfo.email,
      socialLinks,
      // The static copy has no server to count page views; the owner's own are not counted (issue 48).
      analytics: !staticCopy && !user?.isAdmin,
      staticCopy,
      imageGenerator,
      fediverse,
    },
  };
}

// The signed-in user is read once per document and kept while the visitor follows links; a form's
// post (and the page it goes on to) reads it again: a sign-in, a registration or a sign-out changes
// it, and the form's own page may be gone by then. So does a call of `revalidate()` (a passkey
// sign-in, which is no form): it is the one revalidation that stays on the same address. A
// refused post changes nobody's session and is not read again: an owner whose session ended
// meanwhile would be sent to the sign-in page, and what the form holds with it; the page stays,
// and the form says so (FormNotice, `kind: 'signed-out'`).
export function shouldRevalidate({
  formMethod,
  actionStatus,
  currentUrl,
  nextUrl,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod !== undefined)
    return formMethod.toUpperCase() !== 'GET' && (actionStatus === undefined || actionStatus < 400);
  return currentUrl.href === nextUrl.href;
}

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: withBase('/favicon.ico'), sizes: '48x48' },
  { rel: 'icon', href: withBase('/favicon.svg'), type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: withBase('/apple-touch-icon.png') },
  { rel: 'manifest', href: withBase('/manifest.webmanifest') },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<RootData>('root');
  // An island page (ADR 023) carries its islands' starter instead of React Router's scripts.
  const islands = useIslands();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Runs before the body paints: on a page that hydrates whole, a stand-in for blocked browser
            storage (an island page's code brings its own); the stored or system theme, so dark
            never flashes light; the page laid out whole before a jump to an anchor
            (web/lib/laid-out.ts); for the signed-in, the browser's time zone for the
            next page; and the view counter, added after the page's first paint (no script is
            fetched before the page has painted its largest content, ADR 017). One script: a cached
            page's CSP names each inline script's hash, on the response a phone waits for. Only the
            server writes it (it has run by the time the browser hydrates), so its text is not
            shipped again in the page's JavaScript. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: constant scripts of ours, no user content
          dangerouslySetInnerHTML={{
            __html: import.meta.env.SSR
              ? [
                  !islands && `(${STORAGE_FALLBACK})()`,
                  themeScript(),
                  LAY_OUT_AT_ANCHOR,
                  data?.user && TIME_ZONE_SCRIPT,
                  data?.site.analytics && INSIGHTS_AFTER_LOAD,
                ]
                  .filter(Boolean)
                  .join(';')
              : '',
          }}
        />
        {/* On an island page the stylesheet comes after the inline scripts (a script after a
            stylesheet waits for it, and the parser with it); with no precedence React leaves it
            here, early in <head>. A page hydrated whole names it with a precedence: React writes it
            first, before the module preloads of <Scripts>, so the first paint waits for it alone.
            An island page's first paint needs none of it (ADR 029): its rules are put in a <style>
            here, and the link goes into a <noscript> after the content; the islands' starter
            fetches it after the paint (web/entry.server.tsx). */}
        {islands ? (
          <link rel="stylesheet" href={appCss} fetchPriority="low" />
        ) : (
          <link rel="stylesheet" href={appCss} precedence="default" />
        )}
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" media="(prefers-color-scheme: light)" content="#faf8f4" />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#0e1116" />
        {/* Feed readers and browsers find the blog's feeds from any page. */}
        {data ? (
          <>
            <link
              rel="alternate"
              type="application/rss+xml"
              title={feedTitle(data.site.ownerName)}
              href={withBase(FEED_PATHS.rss)}
            />
            <link
              rel="alternate"
              type="application/atom+xml"
              title={feedTitle(data.site.ownerName)}
              href={withBase(FEED_PATHS.atom)}
            />
            <link
              rel="alternate"
              type="application/feed+json"
              title={feedTitle(data.site.ownerName)}
              href={withBase(FEED_PATHS.json)}
            />
          </>
        ) : null}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        {islands ? (
          <IslandScripts rendering={islands} stylesheet={appCss} nonce={nonce} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { site, user } = loaderData;
  const { pathname } = useLocation();
  // Marks the page as interactive (browser tests wait for it before clicking).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    // Toasts answer what a visitor does: their code comes with the first press or focus, never
    // unasked, and is there before the first toast.
    // (The root lives as long as the page, so the listeners need no removal.)
    for (const event of ['pointerdown', 'focusin']) {
      addEventListener(event, () => void import('./ui/toaster.tsx'), { once: true, capture: true });
    }
  }, []);
  return (
    <AuthProvider user={user}>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Header ownerName={site.ownerName} />
      <main id="main" className="flex-1">
        <Page />
      </main>
      <Footer
        ownerName={site.ownerName}
        socialLinks={site.socialLinks}
        signup={<NewsletterSignup place="footer" compact />}
        follow={<FollowBox place="footer" className="mx-auto max-w-6xl px-4 pt-8" />}
      />
      <Toasts />
      {/* Said only on an owner's page: an island page's cursor carries no props (no script of JSON). */}
      <ImmersiveCursor ownersPage={isOwnersPage(pathname) || undefined} />
    </AuthProvider>
  );
}

/** The page, or a post's skeleton while a navigation to another post is loading. */
function Page() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target = navigation.location?.pathname;
  if (navigation.state === 'loading' && target && target !== pathname && /^\/blog\/[^/]+$/.test(target)) {
    return <PostSkeleton />;
  }
  return (
    <>
      <SignedInNotice />
      <Outlet />
    </>
  );
}

function Toasts() {
  const hasToasts = useToasts().length > 0;
  return hasToasts ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** Failures outside any page (a broken root): a plain page that still reads well. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main" className="flex-1">
        <NotFoundContent />
      </main>
    );
  }
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-1 flex-col justify-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-muted-foreground">
        The page could not be shown. Please reload it or try again later.
      </p>
    </main>
  );
}
