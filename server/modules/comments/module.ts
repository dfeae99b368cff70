/** Comments under posts: the public list and form, moderation, the owner's answers. */
import { profile } from '../../../content/profile.ts';
import type { SiteContext, SiteModule } from '../../lib/site-module.ts';
import type { BlogService } from '../blog/service.ts';
import { commentAdminRoutes } from './admin-routes.ts';
import { commentRoutes } from './routes.ts';
import { createCommentService } from './service.ts';

export function commentsModule({ db, cache, events, botCheck, config }: SiteContext, blog: BlogService) {
  const comments = createCommentService(db, cache, {
    siteUrl: config.publicUrl,
    ownerName: profile.name,
    events,
  });
  // A post edited or taken off the site: its comment list is read afresh.
  events.on('post-changed', (postId) => comments.forgetPost(postId));
  return {
    name: 'comments',
    comments,
    routes: async (app) => {
      await app.register(commentRoutes, { blog, comments, cache, botCheck });
    },
    adminRoutes: async (app) => {
      await app.register(commentAdminRoutes, { comments });
    },
  } satisfies SiteModule & Record<string, unknown>;
}
