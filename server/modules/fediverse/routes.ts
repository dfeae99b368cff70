/**
 * Where the fediverse reaches the blog: WebFinger, NodeInfo and everything under /ap/ go to
 * Fedify as standard requests. An activity's body is kept as the bytes that arrived (the
 * signature's digest covers them), at most MAX_ACTIVITY_BYTES. A browser that follows an actor's
 * or a post's address is sent to the page it stands for.
 */
import type { Federation } from '@fedify/fedify';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { BLOG_ACTOR_PATH, FEDIVERSE_INFO_PATH, type FediverseInfo } from '../../../common/fediverse.ts';
import { HttpError } from '../../lib/http-error.ts';
import { ownUrl } from '../../lib/own-address.ts';
import { sendJson } from '../../lib/read-cache.ts';
import { idParams } from '../../lib/route-params.ts';
import { OWN_AVATAR_PATH } from './avatars.ts';
import { hostOf } from './settings.ts';

/**
 * What one client address may post to the inbox a minute, whatever the activities name: a large
 * server delivering a busy hour stays well under it, a script sending made-up activities does not.
 */
export const INBOX_PER_ADDRESS = { max: 300, timeWindow: '1 minute' } as const;

/** The largest activity the inbox reads (Mastodon's own limit is about 1 MB; posts here are small). */
export const MAX_ACTIVITY_BYTES = 256 * 1024;
const ACTIVITY_TYPES = ['application/activity+json', 'application/ld+json', 'application/json'];

/** The page an ActivityPub address stands for, for a browser that opens it. */
export function pageFor(pathname: string): string {
  const post = /^\/ap\/posts\/([^/]+)$/.exec(pathname);
  return post ? `/blog/${post[1]}` : '/';
}

/** The bytes an activity arrived as, kept beside what they parse to (the signature's digest covers them). */
const ACTIVITY_BYTES = Symbol('activity bytes');
type ReadActivity = Record<string, unknown> & { [ACTIVITY_BYTES]: Buffer };

export const NOT_AN_ACTIVITY = 'An activity is a JSON object';
export const UNREADABLE_ACTIVITY = 'This activity could not be read';

/**
 * An activity's body, read once: JSON, kept with its bytes. What it parses to is then checked by
 * the site's body rules like every other write's (the security plugin: no nesting deeper than
 * MAX_BODY_DEPTH, no control character), before Fedify or anything else reads it; a list passes
 * here only to be refused there or, shallow, by the route (an activity is an object).
 */
export function readActivity(body: Buffer): ReadActivity | unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new HttpError(400, NOT_AN_ACTIVITY);
  }
  if (parsed === null || typeof parsed !== 'object') throw new HttpError(400, NOT_AN_ACTIVITY);
  return Object.assign(parsed, { [ACTIVITY_BYTES]: body });
}

/** The actors an activity names as its sender (a URI, an object with an id, or a list of them). */
export function actorsOf(activity: Record<string, unknown>): string[] {
  const actor = activity.actor;
  // One in practice; a few at most are looked at, whatever a sender lists.
  return (Array.isArray(actor) ? actor.slice(0, 4) : [actor])
    .map((item) => (typeof item === 'string' ? item : (item as { id?: unknown } | null)?.id))
    .filter((id): id is string => typeof id === 'string');
}

export const fediverseRoutes: FastifyPluginAsync<{
  /** Fedify's federation, made on the first request that reaches it (module.ts). */
  federation: () => Promise<Federation<void>>;
  /** Runs Fedify's work under the outbound module's guard (the actors and keys it reads). */
  guarded: <T>(work: () => Promise<T>) => Promise<T>;
  /** The site's public address (PUBLIC_URL, else this machine's). */
  siteUrl: string;
  /** '@name@host'. */
  handle: () => Promise<string>;
  /** Whether the owner blocked this actor or its server. */
  blocked: (actorUri: string) => Promise<boolean>;
  /** A published post's likes and boosts as cached JSON; null for no such post. */
  reactionCounts: (postId: number) => Promise<string | null>;
  /**
   * How many verified activities a server (its host) has posted in the current minute, and the
   * milliseconds left (the site's window counters, shared by every process): read, nothing written.
   */
  countedFrom: (host: string) => Promise<{ count: number; ttlMs: number }>;
  /** Counts one verified activity from a server in the current minute. */
  countFrom: (host: string) => Promise<unknown>;
  /** Activities a server may post per minute (FEDIVERSE_INBOX_LIMIT). */
  perServerPerMinute: number;
  /** The blog's picture as a PNG (avatars.ts). */
  avatar: () => Promise<Buffer>;
}> = async (
  app,
  {
    federation,
    guarded,
    siteUrl,
    handle: handleNow,
    blocked,
    reactionCounts,
    countedFrom,
    countFrom,
    perServerPerMinute,
    avatar,
  },
) => {
  // What pages show: the handle to follow, and the actor's address.
  app.get(
    FEDIVERSE_INFO_PATH,
    async (): Promise<FediverseInfo> => ({
      handle: await handleNow(),
      actor: new URL(BLOG_ACTOR_PATH, siteUrl).href,
    }),
  );

  // The blog's picture as the fediverse shows it (the actor's icon): PNG, whatever the profile's is.
  app.get(OWN_AVATAR_PATH, async (_request, reply) =>
    reply
      .type('image/png')
      .header('cache-control', 'public, max-age=86400')
      .send(await avatar()),
  );

  // A post's likes and boosts, which its page shows ("14 likes and 3 boosts on the fediverse").
  app.get<{ Params: { postId: string } }>(
    '/api/fediverse/posts/:postId/reactions',
    async (request, reply) => {
      const id = idParams.safeParse({ id: request.params.postId });
      const body = id.success ? await reactionCounts(id.data.id) : null;
      if (body === null) return reply.code(404).send({ message: 'Post not found' });
      return sendJson(reply, body);
    },
  );

  // In this scope only: an activity is read by readActivity, its bytes kept.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ACTIVITY_TYPES,
    { parseAs: 'buffer', bodyLimit: MAX_ACTIVITY_BYTES },
    (_r, body: Buffer, done) => {
      try {
        done(null, readActivity(body));
      } catch (error) {
        done(error as HttpError, undefined);
      }
    },
  );

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = ownUrl(request);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const activity =
      request.method === 'POST' ? (request.body as ReadActivity | unknown[] | undefined) : undefined;
    if (Array.isArray(activity)) return reply.code(400).send({ message: NOT_AN_ACTIVITY });
    const body = activity?.[ACTIVITY_BYTES];
    // A blocked person or server is refused before its signature is checked (no key fetched for it).
    const actors = activity ? actorsOf(activity) : [];
    for (const actor of actors) {
      if (await blocked(actor)) return reply.code(403).send({ message: 'Blocked' });
    }
    // Each server may post so many activities a minute; more waits for the next minute (a server
    // retries a 429 later), before any key is fetched for it. Only activities whose signature
    // verified are counted (below): a body that only names a server neither uses up its minute
    // nor writes a counter (issue 62); each client address has its own limit first (the route's).
    const host = hostOf(actors[0]);
    if (host) {
      const { count, ttlMs } = await countedFrom(host);
      if (count >= perServerPerMinute) {
        return reply
          .code(429)
          .header('retry-after', String(Math.max(1, Math.ceil(ttlMs / 1000))))
          .send({ message: 'Too many activities from this server; try again later' });
      }
    }
    let answer: Response;
    try {
      const blog = await federation();
      answer = await guarded(() =>
        blog.fetch(new Request(url, { method: request.method, headers, ...(body ? { body } : {}) }), {
          contextData: undefined,
          onNotFound: () => Response.json({ message: 'Not found' }, { status: 404 }),
          onNotAcceptable: (asked) =>
            new Response(null, { status: 302, headers: { location: pageFor(new URL(asked.url).pathname) } }),
        }),
      );
    } catch (error) {
      // Fedify refuses what it cannot read by throwing: the sender's fault, answered so.
      if (!body) throw error;
      request.log.info({ err: error }, 'an activity Fedify could not read');
      return reply.code(400).send({ message: UNREADABLE_ACTIVITY });
    }
    // Answered 2xx, an activity's signature verified (Fedify refuses an unsigned or forged one with 401).
    if (host && body && answer.status >= 200 && answer.status < 300) await countFrom(host);
    reply.code(answer.status);
    answer.headers.forEach((value, name) => {
      reply.header(name, value);
    });
    return reply.send(Buffer.from(await answer.arrayBuffer()));
  };

  for (const path of ['/.well-known/webfinger', '/.well-known/nodeinfo', '/nodeinfo/2.1', '/ap/*']) {
    app.get(path, handle);
  }
  // Servers post without an Origin of this site: the origin check is for browsers' forms. Each
  // client address is limited before anything else is done with its request.
  app.post(
    '/ap/*',
    { config: { anyOrigin: true, rateLimit: INBOX_PER_ADDRESS }, bodyLimit: MAX_ACTIVITY_BYTES },
    handle,
  );
};
