import type { Config } from '@react-router/dev/config';

/** React Router framework mode: the app lives in web/, the build in build/ (client assets + server bundle). */
export default {
  appDirectory: 'web',
  buildDirectory: 'build',
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
