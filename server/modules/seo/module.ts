/** What search engines and feed readers read: robots.txt, the sitemap, the feeds, share images. */
import { join } from 'node:path';
import type { SiteContext, SiteModule } from '../../lib/site-module.ts';
import type { BlogService } from '../blog/service.ts';
import type { NewsletterService } from '../newsletter/service.ts';
import { seoRoutes } from './routes.ts';
import { shareImageStore } from './share-image.ts';

export function seoModule({ config, cache }: SiteContext, blog: BlogService, newsletter?: NewsletterService) {
  return {
    name: 'seo',
    routes: async (app) => {
      await app.register(seoRoutes, {
        blog,
        siteUrl: config.publicUrl,
        cache,
        shareImages: shareImageStore(join(config.DATA_DIR, 'share-images')),
        sharedCacheSeconds: config.SHARED_CACHE_SECONDS,
        ...(newsletter ? { newsletterPages: () => newsletter.issues.sitemapEntries() } : {}),
      });
    },
  } satisfies SiteModule;
}
