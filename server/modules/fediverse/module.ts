/** The blog on the fediverse (issue 47): an ActivityPub actor that people follow from Mastodon and the rest. */
import { FEDIVERSE_INFO_PATH } from '../../../common/fediverse.ts';
import { createSealer } from '../../lib/sealed.ts';
import type { SiteContext, SiteModule } from '../../lib/site-module.ts';
import type { BlogService } from '../blog/service.ts';
import { fediverseAdminRoutes } from './admin-routes.ts';
import { createBlogFederation, handleOf } from './federation.ts';
import { actorKeys } from './keys.ts';
import { fediverseRoutes } from './routes.ts';

export function fediverseModule({ db, config, serverSecret, cache, log }: SiteContext, blog: BlogService) {
  const federation = createBlogFederation({
    db,
    blog,
    keys: actorKeys(db, createSealer(serverSecret, 'fediverse-keys')),
    // Every id starts with the public address when the site has one at a host's root (a copy
    // published under a sub-path, user.github.io/site/, cannot answer WebFinger at the root
    // anyway); else with the request's.
    origin:
      config.PUBLIC_URL && new URL(config.publicUrl).pathname === '/'
        ? new URL(config.publicUrl).origin
        : undefined,
    allowPrivateAddress: config.OUTBOUND_ALLOW_PRIVATE_ADDRESSES,
  });
  return {
    name: 'fediverse',
    federation,
    adminRoutes: async (app) => {
      await app.register(fediverseAdminRoutes, {
        db,
        federation,
        siteUrl: config.publicUrl,
        invalidate: () => cache.invalidate(FEDIVERSE_INFO_PATH),
        log,
      });
    },
    routes: async (app) => {
      await app.register(fediverseRoutes, {
        federation,
        siteUrl: config.publicUrl,
        handle: () => handleOf(db, config.publicUrl),
      });
    },
  } satisfies SiteModule & Record<string, unknown>;
}
