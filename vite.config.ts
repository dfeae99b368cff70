import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { inlineScript } from './scripts/inline-script.ts';

/**
 * The small modules many pages use: web/lib, web/ui's plain components (a card, a field, a picture:
 * each well under a kilobyte, a file of its own cost more in headers), the common texts and paths,
 * and react-dom's own entry (portals), which the shell and several pages share.
 */
const SMALL_AND_SHARED =
  /\/(web\/(lib|ui)\/|common\/(constants|text|paths|newsletter|option-labels)\.ts|node_modules\/react-dom\/(index\.js|cjs\/react-dom\.production\.js))/;
/** What the shell loads only on demand (dynamic imports): the toasts (Radix) and the account menu. */
const ONLY_WHEN_ASKED = /\/web\/(ui\/toaster|features\/layout\/user-menu)\.tsx$/;
const ROOT_ROUTE = /\/web\/root\.tsx$/;
/**
 * Plain components of web/ui that only the dashboard and a few inner pages use (a table, a
 * confirmation step): they stay with those pages, not in what every page fetches.
 */
const INNER_PAGES_ONLY = /\/web\/ui\/(data-table|confirm-step)\.tsx$/;
/**
 * The query library with the scope that holds its cache (ADR 022): one chunk, which only the pages
 * that read through TanStack Query load (the dashboard, /blog, a project, booking). In the shared
 * chunk it would come with every page, the home page and a post too; in the several chunks Rollup
 * would cut it into, it cost each of those pages a kilobyte more.
 */
const QUERY_LIBRARY = /\/(node_modules\/@tanstack\/|web\/lib\/(query-scope\.tsx|query-client\.ts)$)/;
/** The loaders' prefetch helper, which the server alone runs. */
const SERVER_READS = /\/web\/lib\/prefetch\.ts$/;

type ModuleInfo = { importers: readonly string[] } | null;
/**
 * A question about a module of the graph that its neighbours' answers decide (`answer`, given
 * `of` to ask them), answered once per module; a module asked again while its answer is under way
 * (a cycle) counts as `start`.
 */
function walked<T>(start: T, answer: (id: string, of: (id: string) => T) => T) {
  const known = new Map<string, T>();
  const of = (id: string): T => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    known.set(id, start);
    const result = answer(id, of);
    known.set(id, result);
    return result;
  };
  return of;
}
/**
 * Whether a module is part of the shell every page runs: the root route imports it, directly or
 * through other modules, with no dynamic import on the way. A component only some pages use (a
 * dialog, a table, tabs) stays with those pages, and so does the library under it.
 */
const shellMembership = (getModuleInfo: (id: string) => ModuleInfo) =>
  walked(false, (id, inShell) => ROOT_ROUTE.test(id) || (getModuleInfo(id)?.importers ?? []).some(inShell));
let inShell: ((id: string) => boolean) | undefined;

/** The islands' runtime and registry (ADR 023). */
const ISLANDS = /\/web\/islands\//;
/**
 * Whether a module is code an island page may run: the islands' runtime, or anything it or an
 * island imports, statically or on demand. Such a module is never put in the shell's chunk: an
 * island page would fetch the whole shell (header, footer, the router's page code) for one form.
 */
const islandsMembership = (
  getModuleInfo: (id: string) => (ModuleInfo & { dynamicImporters?: readonly string[] }) | null,
) =>
  walked(false, (id, inIslands) => {
    const info = getModuleInfo(id);
    return (
      ISLANDS.test(id) ||
      (info?.importers ?? []).some(inIslands) ||
      (info?.dynamicImporters ?? []).some(inIslands)
    );
  });
let inIslands: ((id: string) => boolean) | undefined;

/**
 * React, React DOM and its scheduler: one chunk, which the first island or a page hydrated whole
 * loads, with the CommonJS helper that only they (and React Router, which imports React) use.
 */
const REACT_LIBRARY = /\/node_modules\/(react|react-dom|scheduler)\/|^\0commonjsHelpers\.js$/;
/** React Router and the packages it alone brings (cookie parsing for its server half). */
const ROUTER_LIBRARY = /\/node_modules\/(react-router|cookie|set-cookie-parser)\//;
/**
 * Whether a module brings React Router with it when it runs: it imports it, or a module that
 * does, not on demand. Island code that does not (the home page's extras and skills)
 * is kept apart from island code that does, so that running it never fetches React Router.
 */
const routerMembership = (getModuleInfo: (id: string) => { importedIds: readonly string[] } | null) =>
  walked(
    false,
    (id, bringsRouter) =>
      ROUTER_LIBRARY.test(id) || (getModuleInfo(id)?.importedIds ?? []).some(bringsRouter),
  );
let bringsRouter: ((id: string) => boolean) | undefined;

/** The islands' runtime, which an island page runs before any island starts (no React in it). */
const ISLANDS_RUNTIME = /\/web\/islands\/start\.ts$/;
/**
 * Whether a module comes with the islands' runtime itself (imported by it, not on demand), and
 * `only`: by it alone, so that it may share the runtime's chunk (a chunk runs all its modules when
 * it is imported: the runtime's must never come with another page's code).
 */
const runtimeMembership = (getModuleInfo: (id: string) => ModuleInfo) =>
  walked({ any: false, only: false }, (id, of) => {
    const importers = getModuleInfo(id)?.importers ?? [];
    return ISLANDS_RUNTIME.test(id)
      ? { any: true, only: true }
      : {
          any: importers.some((importer) => of(importer).any),
          only: importers.length > 0 && importers.every((importer) => of(importer).only),
        };
  });
let inRuntime: ((id: string) => { any: boolean; only: boolean }) | undefined;

export default defineConfig({
  plugins: [inlineScript(), tailwindcss(), reactRouter()],
  publicDir: 'web/public',
  // '/' for the site itself; a sub-path such as '/site/' for a static copy built for one
  // (react-router.config.ts takes the same BASE_PATH as its basename).
  base: process.env.BASE_PATH ?? '/',
  // Pre-bundled for `npm run dev` up front, so the first page load does not hit
  // Vite's "outdated optimize dep" reload when it discovers them one by one.
  optimizeDeps: {
    include: [
      'react',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'react-dom',
      'react-dom/client',
      'react-router',
      '@tanstack/react-query',
      'radix-ui',
      'lucide-react',
      'react-hook-form',
      '@hookform/resolvers/zod',
      'zod',
    ],
  },
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        // A manual chunk is the modules named for it and no more: the island code an island page
        // needs (left to Rollup below) is not pulled into the shell's chunk by being imported from it.
        onlyExplicitManualChunks: true,
        // A phone pays about 1 KB of headers and a round trip's share for every file: the many small
        // modules every page shares (the query client, buttons, icons, paths, the form kit, the
        // header and footer) are one chunk rather than forty (ADR 017: at most 20 files in a public
        // page's first 10 seconds). What loads only when asked for (toasts, tooltips, the account
        // menu) keeps a chunk of its own, or it would come with every page.
        manualChunks: (id, { getModuleInfo }) => {
          if (QUERY_LIBRARY.test(id)) return 'query';
          // React Router is a chunk of its own: an island page fetches it with the first island
          // that reads it, not with React (which, left to Rollup, came in two files then).
          if (ROUTER_LIBRARY.test(id)) return 'router';
          if (REACT_LIBRARY.test(id)) return 'react';
          if (ONLY_WHEN_ASKED.test(id) || INNER_PAGES_ONLY.test(id) || SERVER_READS.test(id))
            return undefined;
          inIslands ??= islandsMembership(getModuleInfo);
          if (inIslands(id)) {
            // The runtime and what it alone imports are one chunk; the small modules islands
            // share (web/lib, web/ui) are two more, fetched with the first island, as the shell's
            // are one for a page hydrated whole: those that bring React Router, and the rest.
            inRuntime ??= runtimeMembership(getModuleInfo);
            const runtime = inRuntime(id);
            if (runtime.only) return 'islands';
            const ours = !id.includes('/node_modules/') && (SMALL_AND_SHARED.test(id) || ISLANDS.test(id));
            if (!ours || runtime.any) return undefined;
            bringsRouter ??= routerMembership(getModuleInfo);
            return bringsRouter(id) ? 'island-forms' : 'island-kit';
          }
          inShell ??= shellMembership(getModuleInfo);
          return SMALL_AND_SHARED.test(id) || inShell(id) ? 'shared' : undefined;
        },
      },
    },
  },
});
