/**
 * Webmention (issue 47, point 7): the site's endpoint (`POST /webmention`, named in each post's
 * head), a post's approved mentions, the owner's list, and the two queues that read sources and
 * send this site's own mentions (service.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { webmentionSchema } from '../../../common/schemas/webmention.ts';
import { WEBMENTION_PATH } from '../../../common/webmention.ts';
import { notFound } from '../../lib/http-error.ts';
import { queueRunner } from '../../lib/job-queue.ts';
import { outbound } from '../../lib/outbound.ts';
import { ownOrigin } from '../../lib/own-address.ts';
import { sendJson } from '../../lib/read-cache.ts';
import { idParams } from '../../lib/route-params.ts';
import type { Job, SiteContext, SiteModule } from '../../lib/site-module.ts';
import type { BlogService } from '../blog/service.ts';
import { createWebmentions, type Webmentions } from './service.ts';

/** Mentions one address may send in ten minutes. */
const RECEIVE_LIMIT = { max: 60, timeWindow: '10 minutes' } as const;
/** A Webmention's form is two addresses (a JSON body has the site's usual limit and depth check). */
const BODY_LIMIT = 8 * 1024;
export const RECEIVED_TEXT =
  'Thank you: the mention will be checked, and shown under the post once approved.';

export function webmentionModule({ db, config, cache, events, log }: SiteContext, blog: BlogService) {
  const webmentions = createWebmentions({
    db,
    cache,
    blog,
    pages: outbound(config).pages(),
    siteUrl: config.publicUrl,
    sends: Boolean(config.PUBLIC_URL),
  });
  const checks = queueRunner({
    round: async () => ((await webmentions.checksDue()) ? webmentions.checkDue() : false),
    idleMs: 60_000,
    busyMs: 200,
    onError: (error) => log.warn({ err: error }, 'webmention checks'),
  });
  const sending = queueRunner({
    round: async () => ((await webmentions.sendsDue()) ? webmentions.sendDue() : false),
    idleMs: 60_000,
    busyMs: 200,
    onError: (error) => log.warn({ err: error }, 'webmention sends'),
  });
  const queue = (postId: number) =>
    void webmentions
      .queueFor(postId)
      .then((queued) => {
        if (queued > 0) sending.wake();
      })
      .catch((error) => log.warn({ err: error, postId }, 'webmentions not queued'));
  const stops: Array<() => void> = [];
  const jobs: Job[] = [
    {
      // A post that goes live, or a live post edited, names its links (not periodic: it follows writes).
      name: 'webmention: the links of posts that go live',
      start: () => {
        stops.push(
          events.on('post-published', (post) => queue(post.id)),
          events.on('post-changed', (postId) => queue(postId)),
        );
      },
      stop: () => {
        for (const stop of stops.splice(0)) stop();
      },
    },
    { name: 'webmention checks', periodic: true, start: checks.start, stop: checks.stop },
    { name: 'webmention sends', periodic: true, start: sending.start, stop: sending.stop },
  ];

  const routes: FastifyPluginAsync = async (app) => {
    // A post's approved mentions, which its page shows.
    app.get<{ Params: { postId: string } }>('/api/blog/posts/:postId/mentions', async (request, reply) => {
      const id = idParams.safeParse({ id: request.params.postId });
      const body = id.success ? await webmentions.publicList(id.data.id) : null;
      if (body === null) return reply.code(404).send({ message: 'Post not found' });
      return sendJson(reply, body);
    });

    // The endpoint (W3C 3.2): form-encoded `source` and `target`, from any site.
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: BODY_LIMIT },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      scope.post(
        WEBMENTION_PATH,
        { config: { rateLimit: RECEIVE_LIMIT, anyOrigin: true } },
        async (request, reply) => {
          reply.type('text/plain; charset=utf-8');
          const parsed = webmentionSchema.safeParse(request.body ?? {});
          if (!parsed.success) return reply.code(400).send(parsed.error.issues[0]?.message ?? 'Bad request');
          const received = await webmentions.receive(parsed.data, ownOrigin(request));
          if (!received.ok) return reply.code(received.status).send(received.message);
          checks.wake();
          return reply.code(202).send(RECEIVED_TEXT);
        },
      );
    });
  };

  const adminRoutes: FastifyPluginAsync = async (app) => {
    app.get('/api/admin/mentions', async () => ({ mentions: await webmentions.ownerList() }));
    // The id checked by the route's schema, as every route's: a bad one is a 400, never a 500.
    const byId = app.withTypeProvider<ZodTypeProvider>();
    byId.post('/api/admin/mentions/:id/approve', { schema: { params: idParams } }, async (request, reply) => {
      if (!(await webmentions.approve(request.params.id))) throw notFound('Mention not found');
      return reply.code(204).send();
    });
    byId.delete('/api/admin/mentions/:id', { schema: { params: idParams } }, async (request, reply) => {
      if (!(await webmentions.remove(request.params.id))) throw notFound('Mention not found');
      return reply.code(204).send();
    });
  };

  return {
    name: 'webmention',
    jobs,
    /** For tests: a post's links queued now, the due mentions sent now, the due sources read now. */
    webmentions: {
      queueFor: (postId: number) => webmentions.queueFor(postId),
      sendDue: () => webmentions.sendDue(),
      checkDue: () => webmentions.checkDue(),
    } satisfies Pick<Webmentions, 'queueFor' | 'sendDue' | 'checkDue'>,
    routes,
    adminRoutes,
  } satisfies SiteModule & Record<string, unknown>;
}
