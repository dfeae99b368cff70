/** The blog: posts for visitors, the owner's writing desk, and scheduled posts going live on time. */
import { generateCover } from '../../lib/cover.ts';
import { outbound, type RemoteImages } from '../../lib/outbound.ts';
import { clockOf, type SiteContext, type SiteModule } from '../../lib/site-module.ts';
import { blogAdminRoutes } from './admin-routes.ts';
import { blogRoutes } from './routes.ts';
import { createPublisher } from './schedule.ts';
import { createBlogService } from './service.ts';

/**
 * `remoteImages`: how an import fetches images on other sites (by default through the outbound
 * module: over the web, never a private address unless the configuration allows it).
 */
export function blogModule(
  context: SiteContext,
  remoteImages: RemoteImages = outbound(context.config).images(),
) {
  const { db, cache, events, storage, log } = context;
  // A post (or guest post) without a cover gets a generated one, as the form's hint promises.
  const coverFor = async (title: string, tags: string[]) =>
    storage.save(await generateCover(title, tags), 'webp');
  const blog = createBlogService(db, cache, { ...clockOf(context), events, coverFor });
  // An import elsewhere (another process on the same database) may have kept new old addresses.
  events.on('public-content-changed', () => blog.forgetOldAddresses());
  // Scheduled posts go live on time: the publisher sleeps until the next one, re-armed by every change.
  const publisher = createPublisher({
    nextScheduledAt: () => blog.nextScheduledAt(),
    publishDue: () => blog.publishDue(),
    events,
    ...clockOf(context),
    ...(context.timers ? { timers: context.timers } : {}),
    onError: (error) => log.warn({ err: error }, 'scheduled publishing'),
  });
  const covers = new AbortController();
  return {
    name: 'blog',
    blog,
    coverFor,
    publisher,
    routes: async (app) => {
      await app.register(blogRoutes, { blog, cache });
    },
    adminRoutes: async (app) => {
      await app.register(blogAdminRoutes, { blog, db, storage, remoteImages });
    },
    jobs: [
      { name: 'scheduled publishing', start: () => publisher.rearm(), stop: () => publisher.stop() },
      {
        // Posts that came without a cover before imports drew one get theirs, in the background.
        name: 'covers for posts without one',
        periodic: true,
        start: () => {
          void blog
            .drawMissingCovers({ signal: covers.signal })
            .then((drawn) => drawn > 0 && log.info({ drawn }, 'covers drawn for posts without one'))
            .catch((error) => log.warn({ err: error }, 'covers for posts without one'));
        },
        stop: () => covers.abort(),
      },
    ],
  } satisfies SiteModule & Record<string, unknown>;
}
