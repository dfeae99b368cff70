/**
 * The newsletter's public HTTP: subscribing (the same answer whatever the address's state), a
 * subscriber's link (confirm, unsubscribe, come back, change how often), the RFC 8058 one-click
 * unsubscribe a mail app posts, and the archive of sent issues.
 */

import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ARCHIVE_MAX_PAGE } from '../../../common/newsletter.ts';
import {
  NEWSLETTER_CADENCES,
  publicIssueSchema,
  SUBSCRIBE_ANSWER,
  SUBSCRIBER_STATUSES,
  subscriberTokenSchema,
  subscribeSchema,
} from '../../../common/schemas/newsletter.ts';
import { pageOf } from '../../../common/schemas/shared.ts';
import { answeredLikeAPerson } from '../../lib/goals.ts';
import { HttpError } from '../../lib/http-error.ts';
import { publicFormLimit } from '../../plugins/security.ts';
import { EMAIL_IMAGES_PATH, type EmailImages } from './email-images.ts';
import type { NewsletterService } from './service.ts';
import { paths } from './subscribers.ts';

const subscription = z.object({
  email: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  cadence: z.enum(NEWSLETTER_CADENCES),
});
const byToken = z.object({ token: subscriberTokenSchema });
const linkLimit = { max: 30, timeWindow: '10 minutes' } as const;

/**
 * Every sign-up is answered this long after it came (issue 45): a new address (a row, a rendered
 * email), a waiting one and one already on the list take different work, and the answer's time
 * must not tell them apart.
 */
export const SUBSCRIBE_ANSWER_MS = 50;
/** Resolves at `at` (performance.now()), never before: a timer may fire early on the loop's cached clock. */
async function until(at: number): Promise<void> {
  while (performance.now() < at)
    await new Promise((done) => setTimeout(done, Math.max(1, Math.ceil(at - performance.now()))));
}

export const newsletterRoutes: FastifyPluginAsyncZod<{
  newsletter: NewsletterService;
  images: EmailImages;
}> = async (app, { newsletter, images }) => {
  // An email's image (email-images.ts): JPEG or PNG, any origin may load it (webmail), kept a year.
  app.get(
    `${EMAIL_IMAGES_PATH}/:name`,
    { schema: { params: z.object({ name: z.string().max(80) }) } },
    async (request, reply) => {
      const image = await images.image(request.params.name);
      if (!image) throw new HttpError(404, 'Not found');
      return reply
        .headers({
          'content-type': image.contentType,
          'cache-control': 'public, max-age=31536000, immutable',
          'cross-origin-resource-policy': 'cross-origin',
          'content-security-policy': "default-src 'none'; sandbox",
          'x-content-type-options': 'nosniff',
        })
        .send(image.bytes);
    },
  );

  app.post(
    '/api/newsletter/subscribe',
    {
      schema: { body: subscribeSchema, response: { 202: z.object({ message: z.string() }) } },
      config: { rateLimit: publicFormLimit, goal: 'newsletter_subscribe' },
    },
    async (request, reply) => {
      const due = performance.now() + SUBSCRIBE_ANSWER_MS;
      if (request.body.website) answeredLikeAPerson(request);
      await newsletter.subscribers.subscribe(request.body);
      await until(due);
      return reply.code(202).send({ message: SUBSCRIBE_ANSWER });
    },
  );

  app.get(
    '/api/newsletter/subscription/:token',
    { schema: { params: byToken, response: { 200: subscription } }, config: { rateLimit: linkLimit } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return newsletter.subscribers.byToken(request.params.token);
    },
  );

  // A confirmation link's button: the answer names the reader's manage link, where the page goes next.
  app.post(
    '/api/newsletter/confirm',
    {
      schema: { body: byToken, response: { 200: subscription.extend({ manage: subscriberTokenSchema }) } },
      config: { rateLimit: linkLimit, goal: 'newsletter_confirm' },
    },
    async (request) => newsletter.subscribers.confirm(request.body.token),
  );

  for (const [path, change] of [
    // Coming back from the manage page: a new confirmation email to the address (links.ts).
    ['/api/newsletter/resubscribe', newsletter.subscribers.comeBack],
    ['/api/newsletter/unsubscribe', newsletter.subscribers.unsubscribe],
  ] as const) {
    app.post(
      path,
      { schema: { body: byToken, response: { 200: subscription } }, config: { rateLimit: linkLimit } },
      async (request) => change(request.body.token),
    );
  }

  app.post(
    '/api/newsletter/cadence',
    {
      schema: {
        body: byToken.extend({ cadence: z.enum(NEWSLETTER_CADENCES, { error: 'Choose how often' }) }),
        response: { 200: subscription },
      },
      config: { rateLimit: linkLimit },
    },
    async (request) => newsletter.subscribers.setCadence(request.body.token, request.body.cadence),
  );

  // RFC 8058: a mail app posts `List-Unsubscribe=One-Click`, form-encoded, without cookies and
  // from no page of this site; the secret in the address is the authority. Opened in a browser
  // instead, the address leads to the unsubscribe page.
  await app.register(async (scope) => {
    const oneClick = scope.withTypeProvider<ZodTypeProvider>();
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    oneClick.post(
      paths.oneClick(':token'),
      {
        schema: { params: byToken },
        config: { rateLimit: linkLimit, anyOrigin: true },
      },
      async (request, reply) => {
        await newsletter.subscribers.unsubscribe(request.params.token);
        return reply
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send('Unsubscribed.');
      },
    );
    oneClick.get(
      paths.oneClick(':token'),
      { schema: { params: byToken }, config: { rateLimit: linkLimit } },
      async (request, reply) => reply.redirect(paths.manage(request.params.token), 303),
    );
  });

  app.get(
    '/api/newsletter/issues',
    {
      schema: {
        querystring: z.object({ page: z.coerce.number().int().min(1).max(ARCHIVE_MAX_PAGE).default(1) }),
        response: { 200: pageOf(publicIssueSchema.omit({ html: true })) },
      },
    },
    async (request) => newsletter.issues.archive({ page: request.query.page, pageSize: 20 }),
  );

  app.get(
    '/api/newsletter/issues/:slug',
    {
      schema: {
        params: z.object({ slug: z.string() }),
        response: { 200: publicIssueSchema },
      },
    },
    // Any address of a page under /newsletter/ may be asked for: one no issue has is a 404.
    async (request) => newsletter.issues.published(request.params.slug),
  );
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A write any site may send (the one-click unsubscribe a mail app posts): no origin check. */
    anyOrigin?: boolean;
  }
}
