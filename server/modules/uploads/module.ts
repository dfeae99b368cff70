/** Uploaded images and videos: the owner's upload, and serving them to everyone. */
import type { SiteContext, SiteModule } from '../../lib/site-module.ts';
import { uploadAdminRoutes } from './admin-routes.ts';
import { uploadRoutes } from './routes.ts';

export function uploadsModule({ storage }: SiteContext) {
  return {
    name: 'uploads',
    routes: async (app) => {
      await app.register(uploadRoutes, { storage });
    },
    adminRoutes: async (app) => {
      await app.register(uploadAdminRoutes, { storage });
    },
  } satisfies SiteModule;
}
