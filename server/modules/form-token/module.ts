/** The signed token every public form carries (how a bot that posts at once is told apart). */
import type { SiteContext, SiteModule } from '../../lib/site-module.ts';
import { formTokenRoutes } from './routes.ts';

export function formTokenModule({ formTokens }: SiteContext) {
  return {
    name: 'form-token',
    routes: async (app) => {
      await app.register(formTokenRoutes, { formTokens });
    },
  } satisfies SiteModule;
}
