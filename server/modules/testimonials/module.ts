/** Verified testimonials: the client's private link, the owner's approval, the ones shown. */
import { profile } from '../../../content/profile.ts';
import { testimonials as placeholders } from '../../../content/testimonials.ts';
import { clockOf, type SiteContext, type SiteModule } from '../../lib/site-module.ts';
import { testimonialAdminRoutes } from './admin-routes.ts';
import { testimonialRoutes } from './routes.ts';
import { createTestimonialService } from './service.ts';

export function testimonialsModule(context: SiteContext) {
  const { db, cache, config } = context;
  const testimonials = createTestimonialService(db, cache, {
    siteUrl: config.publicUrl,
    ownerName: profile.name,
    placeholders,
    ...clockOf(context),
  });
  return {
    name: 'testimonials',
    testimonials,
    routes: async (app) => {
      await app.register(testimonialRoutes, { testimonials, cache });
    },
    adminRoutes: async (app) => {
      await app.register(testimonialAdminRoutes, { testimonials });
    },
  } satisfies SiteModule & Record<string, unknown>;
}
