/** Quote requests and messages: the public form, the owner's inbox and pipeline. */
import type { SiteContext, SiteModule } from '../../lib/site-module.ts';
import type { SubscriberList } from '../newsletter/service.ts';
import { contactAdminRoutes } from './admin-routes.ts';
import { contactRoutes } from './routes.ts';
import { createContactService } from './service.ts';

export function contactModule(
  { db, now, countryOf }: SiteContext,
  newsletter?: Pick<SubscriberList, 'subscribe'>,
) {
  const contact = createContactService(db, now, newsletter, countryOf);
  return {
    name: 'contact',
    contact,
    routes: async (app) => {
      await app.register(contactRoutes, { contact });
    },
    adminRoutes: async (app) => {
      await app.register(contactAdminRoutes, { contact });
    },
  } satisfies SiteModule & Record<string, unknown>;
}
