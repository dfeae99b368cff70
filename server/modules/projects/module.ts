/** Projects: their pages, and whether each live demo's site lets this one frame it. */
import { demoFrameUrl } from '../../../common/demo-frame.ts';
import { projects } from '../../../content/projects.ts';
import type { SiteContext, SiteModule } from '../../lib/site-module.ts';
import { createFramingChecks } from './framing.ts';
import { projectRoutes } from './routes.ts';

export function projectsModule({ config, cache, log }: SiteContext, framingFetch?: typeof fetch) {
  const checkFraming =
    config.DEMO_FRAME_CHECK === 'on' || (config.DEMO_FRAME_CHECK === 'auto' && config.isHttps);
  const framing = checkFraming
    ? createFramingChecks({
        urls: projects.map(demoFrameUrl).filter((url): url is string => url !== undefined),
        siteOrigin: new URL(config.publicUrl).origin,
        ...(framingFetch ? { fetch: framingFetch } : {}),
        // Project pages are cached: made again with the new verdict.
        onChange: () => cache.invalidate('projects:'),
        onError: (error) => log.warn({ err: error }, 'demo framing check'),
      })
    : undefined;
  return {
    name: 'projects',
    framing,
    routes: async (app) => {
      await app.register(projectRoutes, { ...(framing ? { framing } : {}) });
    },
    jobs: framing
      ? [{ name: 'demo framing check', start: () => framing.start(), stop: () => framing.stop() }]
      : [],
  } satisfies SiteModule & Record<string, unknown>;
}
