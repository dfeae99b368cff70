import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commentFormSchema, publicCommentListSchema } from '../../../common/schemas/comments.ts';
import { type BotCheck, checkVerificationPhrase } from '../../lib/anti-spam.ts';
import { answeredLikeAPerson } from '../../lib/goals.ts';
import { notFound } from '../../lib/http-error.ts';
import { type ReadCache, sendJson } from '../../lib/read-cache.ts';
import { plainPage } from '../../plugins/errors.ts';
import { publicFormLimit } from '../../plugins/security.ts';
import type { BlogService } from '../blog/service.ts';
import { COMMENTS_CACHE_PREFIX, type CommentService, UNSUBSCRIBE_PATH } from './service.ts';

const UNKNOWN_LINK = 'This link is not valid any more. Nothing was changed.';

/** A small page of the site's own for the stop link (no script). */
function stopPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.6;color:#14161c;background:#faf8f4}button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:0;background:#a8480d;color:#fff;cursor:pointer}a{color:#a8480d}</style></head><body><h1>${title}</h1>${body}<p><a href="/">Back to the site</a></p></body></html>`;
}

const submittedSchema = z.object({ message: z.string() });
const SUBMITTED = 'Your comment has been submitted and is awaiting moderation.';

export const postIdParamsSchema = z.object({ postId: z.string().max(20) });

/** The numeric post id of a path, or a 404: a malformed id names no post. */
export function parsePostId(raw: string): number {
  const id = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound('Post not found');
  return id;
}

export const commentRoutes: FastifyPluginAsyncZod<{
  blog: BlogService;
  comments: CommentService;
  cache: ReadCache;
  botCheck: BotCheck;
}> = async (app, { blog, comments, cache, botCheck }) => {
  app.get(
    '/api/blog/post/:postId/comments',
    { schema: { params: postIdParamsSchema, response: { 200: publicCommentListSchema } } },
    async (request, reply) => {
      const postId = parsePostId(request.params.postId);
      const body = await cache.json(`${COMMENTS_CACHE_PREFIX}${postId}`, publicCommentListSchema, async () =>
        (await blog.findPublishedById(postId)) ? comments.listApproved(postId) : null,
      );
      if (body === null) throw notFound('Post not found');
      return sendJson(reply, body);
    },
  );

  // The stop link of a reply email: a page that asks, then a POST that stops (a mail scanner
  // following the link stops nothing).
  const tokenQuery = z.object({ token: z.string().min(1).max(100) });
  app.get(UNSUBSCRIBE_PATH, { schema: { querystring: tokenQuery } }, async (request, reply) => {
    const known = await comments.knowsToken(request.query.token);
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    if (!known)
      return reply.code(404).type('text/html; charset=utf-8').send(plainPage('Link not found', UNKNOWN_LINK));
    return reply
      .type('text/html; charset=utf-8')
      .send(
        stopPage(
          'Stop reply emails?',
          `<p>You asked to be emailed when the author replies to your comment.</p><form method="post" action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(request.query.token)}"><button type="submit">Stop emails about replies</button></form>`,
        ),
      );
  });
  app.register(async (scope) => {
    // The page's form posts form-encoded (and empty): accepted here only.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(UNSUBSCRIBE_PATH, { schema: { querystring: tokenQuery } }, async (request, reply) => {
        const stopped = await comments.unsubscribe(request.query.token);
        reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
        if (stopped === 0) {
          return reply
            .code(404)
            .type('text/html; charset=utf-8')
            .send(plainPage('Link not found', UNKNOWN_LINK));
        }
        return reply
          .type('text/html; charset=utf-8')
          .send(
            stopPage('Emails stopped', '<p>You will get no more emails about replies to your comments.</p>'),
          );
      });
  });

  app.post(
    '/api/blog/post/:postId/comments',
    {
      schema: { params: postIdParamsSchema, body: commentFormSchema, response: { 201: submittedSchema } },
      config: { rateLimit: publicFormLimit, goal: 'comment' },
    },
    async (request, reply) => {
      const postId = parsePostId(request.params.postId);
      const post = await blog.findPublishedById(postId);
      if (!post) throw notFound('Post not found');
      const body = request.body;
      checkVerificationPhrase(body.captchaToken, 'Please complete the CAPTCHA verification');
      // A bot gets the same answer as a person, and nothing is stored. The token was issued for this post.
      if (await botCheck.admit(body, 'comment', String(postId))) {
        await comments.submit({
          postId,
          postTitle: post.title,
          name: body.name,
          email: body.email,
          content: body.content,
          captchaToken: body.captchaToken,
          ipAddress: request.ip,
          notifyOnReply: body.notifyOnReply,
        });
      } else answeredLikeAPerson(request);
      return reply.code(201).send({ message: SUBMITTED });
    },
  );
};
