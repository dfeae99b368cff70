import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blogPostListSchema, blogPostSchema } from '../../../common/schemas/blog.ts';
import { notFound } from '../../lib/http-error.ts';
import { type ReadCache, sendJson } from '../../lib/read-cache.ts';
import { BLOG_CACHE_PREFIX, type BlogService } from './service.ts';

export const blogRoutes: FastifyPluginAsyncZod<{ blog: BlogService; cache: ReadCache }> = async (
  app,
  { blog, cache },
) => {
  app.get('/api/blog', { schema: { response: { 200: blogPostListSchema } } }, async (_request, reply) => {
    const body = await cache.json(`${BLOG_CACHE_PREFIX}list`, blogPostListSchema, () => blog.listPublished());
    return sendJson(reply, body ?? '[]');
  });

  app.get(
    '/api/blog/:slug',
    {
      schema: {
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: blogPostSchema },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const body = await cache.json(`${BLOG_CACHE_PREFIX}post:${slug}`, blogPostSchema, () =>
        blog.findPublishedBySlug(slug),
      );
      if (body === null) throw notFound('Post not found');
      return sendJson(reply, body);
    },
  );
};
