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
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
