import type { Config } from '@react-router/dev/config';

/**
 * React Router framework mode: the app lives in web/, the build in build/ (client assets + server
 * bundle). A static copy published under a sub-path is built with BASE_PATH (e.g. `/site/`) into
 * WEB_BUILD_DIR by `npm run export:static`; see scripts/export-static.ts.
 */
export default {
  appDirectory: 'web',
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  basename: process.env.BASE_PATH ?? '/',
  ssr: true,
  // The whole route manifest ships with the first page (13 routes, a few hundred bytes compressed):
  // no /__manifest requests, which a static copy of the site could not answer.
  routeDiscovery: { mode: 'initial' },
  future: {
    // The home page's clientLoader (ADR 022) stays in the page's own chunk: split, it was a third
    // module the page's HTML names (about 110 bytes more, over its 10.5 KB budget) for 0.2 KB of code.
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
