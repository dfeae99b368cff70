/**
 * Admin API. One guard for the whole plugin: 401 without a session, 403 for a
 * signed-in user who is not an admin, checked on the server for every route.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAnalyticsSchema,
  adminCommentSchema,
  adminContactSchema,
  adminContributionSchema,
  adminEndorsementSchema,
  adminInboxItemSchema,
  adminPostSchema,
  adminQuoteSchema,
  adminResumeRequestSchema,
  adminSummarySchema,
  adminTestimonialSchema,
  inboxKinds,
  inboxStates,
  outboxMessageSchema,
  outboxStates,
  pageOf,
  pipelineSchema,
  quoteEventSchema,
  testimonialLinkSchema,
} from '../../../common/schemas/admin.ts';
import { blogPostSchema } from '../../../common/schemas/blog.ts';
import { adminBookingSchema, bookingSettingsSchema } from '../../../common/schemas/booking.ts';
import { publicCommentSchema } from '../../../common/schemas/comments.ts';
import {
  blogPostFormSchema,
  blogPostUpdateSchema,
  commentReplySchema,
  quoteNoteSchema,
  quoteUpdateSchema,
  testimonialRequestSchema,
} from '../../../common/schemas/forms.ts';
import { profile } from '../../../content/profile.ts';
import { generateCover } from '../../lib/cover.ts';
import { HttpError } from '../../lib/http-error.ts';
import { renderMarkdown } from '../../lib/markdown.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { requireAdmin } from '../../plugins/session.ts';
import type { AnalyticsService } from '../analytics/service.ts';
import type { BlogService } from '../blog/service.ts';
import type { BookingService } from '../booking/service.ts';
import type { CommentService } from '../comments/service.ts';
import type { ContactService } from '../contact/service.ts';
import type { ContributionService } from '../contributions/service.ts';
import type { OutboxService } from '../notifications/service.ts';
import type { ResumeService } from '../resume/service.ts';
import type { SkillService } from '../skills/service.ts';
import type { TestimonialService } from '../testimonials/service.ts';
import { adminSummary } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const moderationAction = z.enum(['approve', 'reject', 'spam'], { error: 'Choose approve, reject or spam' });

/** The services whose owner's operations these routes guard. */
export interface AdminDomains {
  blog: BlogService;
  comments: CommentService;
  contributions: ContributionService;
  contact: ContactService;
  resume: ResumeService;
  skills: SkillService;
  analytics: AnalyticsService;
  storage: FileStorage;
  outbox: OutboxService;
  testimonials: TestimonialService;
  booking: BookingService;
}

export const adminRoutes: FastifyPluginAsyncZod<AdminDomains> = async (app, domains) => {
  const {
    blog,
    comments,
    contributions,
    contact,
    resume,
    skills,
    analytics,
    storage,
    outbox,
    testimonials,
    booking,
  } = domains;
  // onRequest, before the body is even parsed: an anonymous caller learns nothing about the body's rules.
  app.addHook('onRequest', requireAdmin);

  // Creating a post keeps the spec's path.
  app.post(
    '/api/blog',
    { schema: { response: { 201: adminPostSchema }, body: blogPostFormSchema } },
    async (request, reply) => {
      const user = await request.currentUser();
      if (!user) throw new HttpError(401, 'Authentication required');
      // No cover: the post gets a generated one, as the form's hint promises.
      const coverImage =
        request.body.coverImage ||
        (await storage.save(await generateCover(request.body.title, request.body.tags), 'webp'));
      return reply.code(201).send(await blog.createPost({ ...request.body, coverImage }, user.id));
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
    async (request) => {
      const post = await blog.updatePost(request.params.id, request.body);
      // A post taken off the site takes its comments with it.
      comments.forgetPost(post.id);
      return post;
    },
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
    comments.forgetPost(request.params.id);
    return reply.code(204).send();
  });

  app.get(
    '/api/admin/comments',
    {
      schema: {
        response: { 200: pageOf(adminCommentSchema) },
        querystring: pageQuery.extend({
          status: z.enum(['pending', 'approved', 'spam', 'all']).default('pending'),
        }),
      },
    },
    async (request) => comments.listForModeration(request.query.status, request.query),
  );
  app.post(
    '/api/admin/comments/moderate',
    {
      schema: {
        response: { 200: z.object({ changed: z.number().int() }) },
        body: z.object({
          ids: z.array(z.number().int().positive()).min(1, 'Select at least one comment').max(200),
          action: moderationAction,
        }),
      },
    },
    async (request) => ({ changed: await comments.moderate(request.body.ids, request.body.action) }),
  );

  // The owner answers a comment, from the post or the dashboard.
  app.post(
    '/api/admin/comments/:id/reply',
    { schema: { params: idParams, body: commentReplySchema, response: { 201: publicCommentSchema } } },
    async (request, reply) => {
      const answer = await comments.reply(request.params.id, request.body.content, { name: profile.name });
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/api/admin/contributions',
    {
      schema: {
        response: { 200: pageOf(adminContributionSchema) },
        querystring: pageQuery.extend({ status: z.enum(['pending', 'reviewed', 'all']).default('pending') }),
      },
    },
    async (request) => contributions.list(request.query.status, request.query),
  );
  app.post(
    '/api/admin/contributions/:id/review',
    {
      schema: {
        response: { 200: adminContributionSchema },
        params: idParams,
        body: z.object({
          action: moderationAction,
          reviewNotes: z.string().trim().max(2000, 'Review notes cannot exceed 2000 characters').optional(),
        }),
      },
    },
    async (request) => contributions.review(request.params.id, request.body.action, request.body.reviewNotes),
  );

  app.get(
    '/api/admin/quotes',
    { schema: { response: { 200: pageOf(adminQuoteSchema) }, querystring: pageQuery } },
    async (request) => contact.listQuotes(request.query),
  );
  app.get(
    '/api/admin/contacts',
    { schema: { response: { 200: pageOf(adminContactSchema) }, querystring: pageQuery } },
    async (request) => contact.listContacts(request.query),
  );
  app.get(
    '/api/admin/resume-requests',
    { schema: { response: { 200: pageOf(adminResumeRequestSchema) }, querystring: pageQuery } },
    async (request) => resume.listRequests(request.query),
  );
  app.get(
    '/api/admin/endorsements',
    {
      schema: {
        response: { 200: pageOf(adminEndorsementSchema) },
        querystring: pageQuery.extend({ skillId: z.coerce.number().int().positive().optional() }),
      },
    },
    async (request) => skills.endorsementsPage(request.query, request.query.skillId),
  );
  app.get('/api/admin/summary', { schema: { response: { 200: adminSummarySchema } } }, async () =>
    adminSummary(domains),
  );
  app.get(
    '/api/admin/inbox',
    {
      schema: {
        response: { 200: pageOf(adminInboxItemSchema) },
        querystring: pageQuery.extend({
          kind: z.enum(['all', ...inboxKinds]).default('all'),
          state: z.enum(inboxStates).default('open'),
        }),
      },
    },
    async (request) => contact.listInbox(request.query.kind, request.query.state, request.query),
  );
  app.patch(
    '/api/admin/inbox/:kind/:id',
    {
      schema: {
        params: idParams.extend({ kind: z.enum(inboxKinds) }),
        body: z
          .object({ read: z.boolean().optional(), archived: z.boolean().optional() })
          .refine((body) => body.read !== undefined || body.archived !== undefined, {
            message: 'Say whether the item is read or archived',
          }),
      },
    },
    async (request, reply) => {
      await contact.updateInboxItem(request.params.kind, request.params.id, request.body);
      return reply.code(204).send();
    },
  );
  // The notification outbox: every message with its state, and a retry.
  app.get(
    '/api/admin/outbox',
    {
      schema: {
        response: { 200: pageOf(outboxMessageSchema) },
        querystring: pageQuery.extend({ status: z.enum(outboxStates).default('all') }),
      },
    },
    async (request) => outbox.list(request.query.status, request.query),
  );
  app.post(
    '/api/admin/outbox/:id/retry',
    { schema: { params: idParams, response: { 200: outboxMessageSchema } } },
    async (request) => outbox.retry(request.params.id),
  );

  // The quote pipeline: the board, a request's moves and value, its history and notes.
  app.get('/api/admin/pipeline', { schema: { response: { 200: pipelineSchema } } }, async () =>
    contact.pipeline(),
  );
  app.patch(
    '/api/admin/quotes/:id',
    { schema: { params: idParams, body: quoteUpdateSchema, response: { 200: adminQuoteSchema } } },
    async (request) => contact.updateQuote(request.params.id, request.body),
  );
  app.get(
    '/api/admin/quotes/:id/history',
    { schema: { params: idParams, response: { 200: z.array(quoteEventSchema) } } },
    async (request) => contact.quoteHistory(request.params.id),
  );
  app.post(
    '/api/admin/quotes/:id/notes',
    { schema: { params: idParams, body: quoteNoteSchema, response: { 201: quoteEventSchema } } },
    async (request, reply) =>
      reply.code(201).send(await contact.addQuoteNote(request.params.id, request.body.note)),
  );
  // Verified testimonials: ask a client, approve what they send, take it off the site, a fresh link.
  app.get(
    '/api/admin/testimonials',
    { schema: { response: { 200: z.array(adminTestimonialSchema) } } },
    async () => testimonials.list(),
  );
  app.post(
    '/api/admin/testimonials',
    { schema: { body: testimonialRequestSchema, response: { 201: testimonialLinkSchema } } },
    async (request, reply) => reply.code(201).send(await testimonials.create(request.body)),
  );
  app.post(
    '/api/admin/testimonials/:id/approve',
    { schema: { params: idParams, response: { 200: adminTestimonialSchema } } },
    async (request) => testimonials.approve(request.params.id),
  );
  app.post(
    '/api/admin/testimonials/:id/hide',
    { schema: { params: idParams, response: { 200: adminTestimonialSchema } } },
    async (request) => testimonials.hide(request.params.id),
  );
  app.post(
    '/api/admin/testimonials/:id/link',
    { schema: { params: idParams, response: { 200: testimonialLinkSchema } } },
    async (request) => testimonials.newLink(request.params.id),
  );
  app.delete('/api/admin/testimonials/:id', { schema: { params: idParams } }, async (request, reply) => {
    await testimonials.remove(request.params.id);
    return reply.code(204).send();
  });

  // Book a call: the owner's availability (weekly hours, call length, buffers, notice, blocked
  // dates, the 'available from' badge) and the calls booked.
  app.get('/api/admin/booking-settings', { schema: { response: { 200: bookingSettingsSchema } } }, async () =>
    booking.settings(),
  );
  app.put(
    '/api/admin/booking-settings',
    { schema: { body: bookingSettingsSchema, response: { 200: bookingSettingsSchema } } },
    async (request) => booking.saveSettings(request.body),
  );
  app.get('/api/admin/bookings', { schema: { response: { 200: z.array(adminBookingSchema) } } }, async () =>
    booking.list(),
  );
  app.post('/api/admin/bookings/:id/cancel', { schema: { params: idParams } }, async (request, reply) => {
    await booking.cancelById(request.params.id);
    return reply.code(204).send();
  });

  app.get(
    '/api/admin/analytics',
    {
      schema: {
        response: { 200: adminAnalyticsSchema },
        querystring: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }),
      },
    },
    async (request) => analytics.report(request.query.days),
  );

  app.delete('/api/admin/endorsements/:id', { schema: { params: idParams } }, async (request, reply) => {
    await skills.deleteEndorsement(request.params.id);
    return reply.code(204).send();
  });
};
