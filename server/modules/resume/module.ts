/** Resume requests: the form, the emailed link and its download, the owner's list. */
import type { SiteContext, SiteModule } from '../../lib/site-module.ts';
import { resumeAdminRoutes } from './admin-routes.ts';
import { resumeRoutes } from './routes.ts';
import { createResumeService } from './service.ts';

export function resumeModule({ db, serverSecret }: SiteContext) {
  const resume = createResumeService(db, serverSecret);
  return {
    name: 'resume',
    resume,
    routes: async (app) => {
      await app.register(resumeRoutes, { resume });
    },
    adminRoutes: async (app) => {
      await app.register(resumeAdminRoutes, { resume });
    },
  } satisfies SiteModule & Record<string, unknown>;
}
