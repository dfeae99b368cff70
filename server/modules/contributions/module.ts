/** Guest posts: the public form and the owner's review (an approved one becomes a draft post). */
import type { SiteContext, SiteModule } from '../../lib/site-module.ts';
import type { BlogService } from '../blog/service.ts';
import { contributionAdminRoutes } from './admin-routes.ts';
import { contributionRoutes } from './routes.ts';
import { createContributionService } from './service.ts';

export function contributionsModule(
  { db, botCheck }: SiteContext,
  blog: { blog: BlogService; coverFor: (title: string, tags: string[]) => Promise<string> },
) {
  const contributions = createContributionService(db, blog.blog, blog.coverFor);
  return {
    name: 'contributions',
    contributions,
    routes: async (app) => {
      await app.register(contributionRoutes, { contributions, botCheck });
    },
    adminRoutes: async (app) => {
      await app.register(contributionAdminRoutes, { contributions });
    },
  } satisfies SiteModule & Record<string, unknown>;
}
