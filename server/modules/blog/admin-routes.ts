/**
 * The owner's side of the blog: every post (drafts and scheduled ones too), writing, editing,
 * deleting, the private preview link, the editor's tag suggestions and preview, and the Markdown
 * export and import (markdown-routes.ts). Registered inside the admin scope, which checks the
 * guard for every route here.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPostSchema,
  blogPostFormSchema,
  blogPostSchema,
  blogPostUpdateSchema,
  ownerTagsSchema,
  tagRenameSchema,
} from '../../../common/schemas/blog.ts';
import { pageOf } from '../../../common/schemas/shared.ts';
import type { Db } from '../../db/client.ts';
import { HttpError, signInRequired } from '../../lib/http-error.ts';
import { renderMarkdown } from '../../lib/markdown.ts';
import type { RemoteImages } from '../../lib/outbound.ts';
import { idParams, pageQuery } from '../../lib/route-params.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { markdownRoutes } from './markdown-routes.ts';
import type { BlogService } from './service.ts';

export const blogAdminRoutes: FastifyPluginAsyncZod<{
  blog: BlogService;
  db: Db;
  storage: FileStorage;
  remoteImages: RemoteImages;
}> = async (app, { blog, db, storage, remoteImages }) => {
  // Creating a post keeps the spec's path.
  app.post(
    '/api/blog',
    { schema: { response: { 201: adminPostSchema }, body: blogPostFormSchema } },
    async (request, reply) => {
      const user = await request.currentUser();
      if (!user) throw signInRequired();
      return reply.code(201).send(await blog.createPost(request.body, user.id));
    },
  );

  app.get(
    '/api/admin/posts',
    { schema: { response: { 200: pageOf(adminPostSchema) }, querystring: pageQuery } },
    async (request) => blog.listPosts(request.query),
  );
  app.get(
    '/api/admin/posts/:id',
    { schema: { response: { 200: adminPostSchema }, params: idParams } },
    async (request) => blog.getPost(request.params.id),
  );
  app.patch(
    '/api/admin/posts/:id',
    { schema: { response: { 200: adminPostSchema }, params: idParams, body: blogPostUpdateSchema } },
    async (request) => blog.updatePost(request.params.id, request.body),
  );
  // The owner reads any post (a draft, a scheduled one) on its own page.
  app.get(
    '/api/admin/posts/by-slug/:slug',
    { schema: { response: { 200: blogPostSchema }, params: z.object({ slug: z.string().min(1).max(200) }) } },
    async (request, reply) => {
      const post = await blog.findPost(request.params.slug, { owner: true });
      if (!post) throw new HttpError(404, 'Post not found');
      reply.header('cache-control', 'no-store');
      return post;
    },
  );
  // A private link to a draft for someone without an account; opening again replaces it.
  app.post(
    '/api/admin/posts/:id/preview-link',
    { schema: { response: { 200: adminPostSchema }, params: idParams } },
    async (request) => blog.openPreviewLink(request.params.id),
  );
  app.delete(
    '/api/admin/posts/:id/preview-link',
    { schema: { response: { 200: adminPostSchema }, params: idParams } },
    async (request) => blog.revokePreviewLink(request.params.id),
  );
  // The editor's tag suggestions: every tag in use, most used first.
  app.get('/api/admin/post-tags', { schema: { response: { 200: z.array(z.string()) } } }, async () =>
    blog.allTags(),
  );
  // The owner's tags: each with its count; renamed, or merged into another, on every post at once.
  app.get('/api/admin/tags', { schema: { response: { 200: ownerTagsSchema } } }, async () => ({
    items: await blog.tagsInUse(),
  }));
  app.post(
    '/api/admin/tags/rename',
    { schema: { body: tagRenameSchema, response: { 200: z.object({ changed: z.number().int() }) } } },
    async (request) => ({ changed: await blog.renameTag(request.body.from, request.body.to) }),
  );
  // The editor's preview: the same renderer and sanitiser as published posts, so no markdown
  // library ships to the browser and the preview shows exactly what visitors will see.
  app.post(
    '/api/admin/markdown-preview',
    {
      schema: {
        body: z.object({ content: z.string().max(100_000) }),
        response: { 200: z.object({ html: z.string() }) },
      },
    },
    async (request) => ({ html: await renderMarkdown(request.body.content) }),
  );
  app.delete('/api/admin/posts/:id', { schema: { params: idParams } }, async (request, reply) => {
    await blog.deletePost(request.params.id);
    return reply.code(204).send();
  });

  await app.register(markdownRoutes, { db, storage, blog, remoteImages });
};
