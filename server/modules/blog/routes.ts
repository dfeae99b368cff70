import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { postPath, tagPath } from '../../../common/blog-paths.ts';
import {
  type BlogListQuery,
  blogListPageSchema,
  blogListQuerySchema,
  blogPostListSchema,
  blogPostSchema,
  oldAddressSchema,
} from '../../../common/schemas/blog.ts';
import { etagOf, isNotModified, sendNotModified } from '../../lib/conditional.ts';
import { notFound } from '../../lib/http-error.ts';
import { type ReadCache, sendJson } from '../../lib/read-cache.ts';
import { oldPath } from './markdown-parse.ts';
import { BLOG_CACHE_PREFIX, type BlogService } from './service.ts';

/** How many list answers are kept (the oldest goes first). */
const MAX_LIST_ANSWERS = 1000;

const listKey = ({ limit, page, q, tag }: BlogListQuery) =>
  `${BLOG_CACHE_PREFIX}list:${limit}:${page}:${tag}:${q.toLowerCase()}`;

export const blogRoutes: FastifyPluginAsyncZod<{ blog: BlogService; cache: ReadCache }> = async (
  app,
  { blog, cache },
) => {
  const loadPage = async (query: BlogListQuery) => {
    const [{ posts, total }, tags] = await Promise.all([blog.listPage(query), blog.tags()]);
    return {
      posts,
      page: query.page,
      pageSize: query.limit,
      total,
      pageCount: Math.max(1, Math.ceil(total / query.limit)),
      q: query.q,
      tag: query.tag,
      tags,
    };
  };
  /** One page of the list as JSON, read once per page and query until a post changes. */
  const pageJson = async (query: BlogListQuery) =>
    (await cache.json(listKey(query), blogListPageSchema, () => loadPage(query))) ?? '{}';

  // The spec's list: a page of posts (the first 12 by default). The total is in X-Total-Count,
  // the neighbouring pages in Link. The whole answer (body and both headers) is made once per
  // page and query until a write: building the Link header per request cost a third of the
  // route's throughput. An answer made while a write happened is used but not kept.
  const answers = new Map<string, { posts: string; total: string; link: string | null; etag: string }>();
  let generation = 0;
  cache.events.on('public-content-changed', () => {
    generation += 1;
    answers.clear();
  });
  const listAnswer = async (query: BlogListQuery) => {
    const key = listKey(query);
    const started = generation;
    // Made from the cached page of /blog: the spec's fields of its posts, its total and count.
    const page = blogListPageSchema.parse(JSON.parse(await pageJson(query)));
    const { total, pageCount } = page;
    const link = (number: number, rel: string) => {
      const params = new URLSearchParams({ page: String(number), limit: String(query.limit) });
      if (query.q) params.set('q', query.q);
      if (query.tag) params.set('tag', query.tag);
      return `</api/blog?${params}>; rel="${rel}"`;
    };
    const links = [
      ...(query.page > 1 ? [link(query.page - 1, 'prev')] : []),
      ...(query.page < pageCount ? [link(query.page + 1, 'next')] : []),
    ];
    const posts = JSON.stringify(blogPostListSchema.parse(page.posts));
    const answer = {
      posts,
      total: String(total),
      link: links.length > 0 ? links.join(', ') : null,
      // The total and the neighbours are part of the answer: a new post elsewhere changes them.
      etag: etagOf(`${total}|${links.join(',')}|${posts}`),
    };
    if (started === generation) {
      if (answers.size >= MAX_LIST_ANSWERS) answers.delete(answers.keys().next().value ?? '');
      answers.set(key, answer);
    }
    return answer;
  };
  app.get(
    '/api/blog',
    { schema: { querystring: blogListQuerySchema, response: { 200: blogPostListSchema } } },
    async (request, reply) => {
      const answer = answers.get(listKey(request.query)) ?? (await listAnswer(request.query));
      reply.header('x-total-count', answer.total);
      if (answer.link) reply.header('link', answer.link);
      // Public and the same for everyone: kept, but asked again each time (a 304 while unchanged).
      reply.header('cache-control', 'public, no-cache');
      if (isNotModified(request, reply, { etag: answer.etag })) return sendNotModified(reply);
      return sendJson(reply, answer.posts);
    },
  );

  // What /blog shows: the page of posts, the paging figures and the Categories card's tags.
  app.get(
    '/api/blog-list',
    { schema: { querystring: blogListQuerySchema, response: { 200: blogListPageSchema } } },
    async (request, reply) => sendJson(reply, await pageJson(request.query)),
  );

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

  // Where a post used to be (on the site it was imported from, or here before its slug changed):
  // the address its post has here now, or that its post was deleted since. Asked by every page no
  // route has (and a post page whose slug is unknown), to answer with a 301 or a 410.
  app.get(
    '/api/old-address',
    {
      schema: {
        querystring: z.object({ path: z.string().min(1).max(2000) }),
        response: { 200: oldAddressSchema },
      },
    },
    async (request) => {
      const path = oldPath(request.query.path);
      // A tag's page or feed, the tag renamed or merged since.
      const tagPage = path ? /^\/blog\/tag\/([^/]+)(\/rss\.xml)?$/.exec(path) : null;
      if (tagPage) {
        const tag = await blog.tagMovedTo(tagPage[1] ?? '');
        if (!tag) throw notFound('No tag was at this address');
        return { location: `${tagPath(tag)}${tagPage[2] ?? ''}` };
      }
      const slug = path ? await blog.movedTo(path) : null;
      if (slug) return { location: postPath(slug) };
      // A post deleted after it had been out: its page answers 410, so a search engine drops it.
      if (path && (await blog.removedFrom(path))) return { removed: true as const };
      throw notFound('No post was at this address');
    },
  );

  // A draft or scheduled post through its private preview link: never cached, anywhere.
  app.get(
    '/api/blog/:slug/preview',
    {
      schema: {
        params: z.object({ slug: z.string().min(1).max(200) }),
        querystring: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: blogPostSchema },
      },
    },
    async (request, reply) => {
      const post = await blog.findPost(request.params.slug, { previewToken: request.query.token });
      if (!post) throw notFound('Post not found');
      reply.header('cache-control', 'no-store');
      return post;
    },
  );
};
