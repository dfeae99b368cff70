/** Skills and their endorsements: the public list and form, the owner's moderation. */
import type { SiteContext, SiteModule } from '../../lib/site-module.ts';
import { skillAdminRoutes } from './admin-routes.ts';
import { skillRoutes } from './routes.ts';
import { createSkillService } from './service.ts';

export function skillsModule({ db, cache, botCheck }: SiteContext) {
  const skills = createSkillService(db, cache);
  return {
    name: 'skills',
    skills,
    routes: async (app) => {
      await app.register(skillRoutes, { skills, cache, botCheck });
    },
    adminRoutes: async (app) => {
      await app.register(skillAdminRoutes, { skills });
    },
  } satisfies SiteModule & Record<string, unknown>;
}
