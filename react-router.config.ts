import type { Config } from '@react-router/dev/config';

/** React Router framework mode: the app lives in web/, the build in build/ (client assets + server bundle). */
export default {
  appDirectory: 'web',
  buildDirectory: 'build',
  ssr: true,
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
