/**
 * The owner's side of the fediverse (issue 47): the handle's name and whether followers wait for
 * approval, the followers (newest first), approving one and removing one, blocking a person or a
 * whole server and lifting a block. A removed or blocked follower's server is told with a Reject of
 * its Follow, an approved one's with Accept. The owner also reads the posts' latest likes and
 * boosts; a block takes away the blocked one's. Registered inside the admin scope, which checks the
 * guard for every route here.
 */
import { desc, eq, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fediverseOwnerSchema,
  fediverseSettingsSchema,
  followerBlockSchema,
  serverNameSchema,
} from '../../../common/schemas/fediverse.ts';
import type { Db } from '../../db/client.ts';
import { appMeta, fediverseBlocks, fediverseFollowers, fediverseReactions } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { ownOrigin } from '../../lib/own-address.ts';
import { idParams } from '../../lib/route-params.ts';
import { reactionCounts, recentReactions, removeReactionsOf } from './reactions.ts';
import {
  APPROVE_FOLLOWERS,
  acceptedFollowers,
  approvesFollowers,
  defaultHandleName,
  HANDLE_NAME,
  handleName,
  handleOf,
  unreachableBecause,
} from './settings.ts';

type Follower = typeof fediverseFollowers.$inferSelect;

/** The most followers (and blocks) the owner's lists show (newest first). */
const LISTED = 500;
/** Rejects sent at once when a whole server is blocked. */
const REJECTS_AT_ONCE = 4;

/** What the owner's fediverse page shows: the handle, the followers, the blocks and the latest reactions. */
async function ownerView(db: Db, siteUrl: string, publicUrl: string | undefined) {
  const [name, handle, approveFollowers, rows, followerCount, blocks, counts, reactions] = await Promise.all([
    handleName(db),
    handleOf(db, siteUrl),
    approvesFollowers(db),
    db
      .select()
      .from(fediverseFollowers)
      .orderBy(desc(fediverseFollowers.followedAt), desc(fediverseFollowers.id))
      .limit(LISTED),
    acceptedFollowers(db),
    db
      .select()
      .from(fediverseBlocks)
      .orderBy(desc(fediverseBlocks.blockedAt), desc(fediverseBlocks.id))
      .limit(LISTED),
    reactionCounts(db),
    recentReactions(db, LISTED),
  ]);
  return {
    name,
    defaultName: defaultHandleName(),
    approveFollowers,
    handle,
    followerCount,
    followers: rows.map((row) => ({
      id: row.id,
      handle: row.handle,
      name: row.name,
      actorUri: row.actorUri,
      server: row.server,
      state: row.state,
      followedAt: row.followedAt.toISOString(),
    })),
    blocks: blocks.map((block) => ({
      id: block.id,
      kind: block.kind,
      label: block.label,
      blockedAt: block.blockedAt.toISOString(),
    })),
    reactionCounts: counts,
    reactions,
    unreachable: unreachableBecause(publicUrl),
    siteUrl,
  };
}

export const fediverseAdminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** Sends Accept or Reject to a follower's server, from the address the owner's request came to. */
  answerFollower: (origin: URL, row: Follower, kind: 'accept' | 'reject') => Promise<void>;
  siteUrl: string;
  /** PUBLIC_URL as configured (unset: the site names itself by each request's address). */
  publicUrl: string | undefined;
  /** The public pages name the handle: they are made again after a change. */
  invalidate: () => void;
  /** Told of the posts whose likes or boosts a block took away. */
  reactionsChanged: (postIds: number[]) => void;
  log: { warn(details: object, message: string): void };
}> = async (app, { db, answerFollower, siteUrl, publicUrl, invalidate, reactionsChanged, log }) => {
  const read = () => ownerView(db, siteUrl, publicUrl);

  /** Tells a follower's server what the owner decided about its Follow (best effort: the row is what counts). */
  const answer = async (request: FastifyRequest, row: Follower, kind: 'accept' | 'reject') => {
    try {
      await answerFollower(new URL(ownOrigin(request)), row, kind);
    } catch (error) {
      log.warn({ err: error, follower: row.actorUri }, `fediverse ${kind} not delivered`);
    }
  };

  app.get('/api/admin/fediverse', { schema: { response: { 200: fediverseOwnerSchema } } }, read);

  app.put(
    '/api/admin/fediverse',
    { schema: { body: fediverseSettingsSchema, response: { 200: fediverseOwnerSchema } } },
    async (request) => {
      const { name, approveFollowers } = request.body;
      for (const [key, value] of [
        [HANDLE_NAME, name],
        [APPROVE_FOLLOWERS, approveFollowers ? '1' : '0'],
      ] as const) {
        await db
          .insert(appMeta)
          .values({ key, value })
          .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
      }
      invalidate();
      return read();
    },
  );

  app.post(
    '/api/admin/fediverse/followers/:id/accept',
    { schema: { params: idParams, response: { 200: z.object({ accepted: z.literal(true) }) } } },
    async (request) => {
      const [row] = await db
        .update(fediverseFollowers)
        .set({ state: 'accepted' })
        .where(eq(fediverseFollowers.id, request.params.id))
        .returning();
      if (!row) throw notFound('Follower not found');
      await answer(request, row, 'accept');
      return { accepted: true as const };
    },
  );

  app.delete(
    '/api/admin/fediverse/followers/:id',
    { schema: { params: idParams } },
    async (request, reply) => {
      const [row] = await db
        .delete(fediverseFollowers)
        .where(eq(fediverseFollowers.id, request.params.id))
        .returning();
      if (!row) throw notFound('Follower not found');
      await answer(request, row, 'reject');
      return reply.code(204).send();
    },
  );

  /**
   * Blocks a server: its followers (and those of servers under it) are removed, and each one's
   * server hears Reject, a few at a time, after the answer (a big server may have many).
   */
  const blockServer = async (request: FastifyRequest, host: string) => {
    await db
      .insert(fediverseBlocks)
      .values({ kind: 'server', target: host, label: host })
      .onConflictDoNothing();
    const removed = await db
      .delete(fediverseFollowers)
      .where(
        or(
          eq(fediverseFollowers.server, host),
          sql`right(${fediverseFollowers.server}, ${host.length + 1}) = ${`.${host}`}`,
        ),
      )
      .returning();
    reactionsChanged(await removeReactionsOf(db, { server: host }));
    void (async () => {
      for (let at = 0; at < removed.length; at += REJECTS_AT_ONCE) {
        await Promise.all(
          removed.slice(at, at + REJECTS_AT_ONCE).map((row) => answer(request, row, 'reject')),
        );
      }
    })();
  };

  /** Blocks a person: no longer a follower (their server hears Reject), their likes and boosts gone. */
  const blockPerson = async (request: FastifyRequest, actorUri: string, handle: string) => {
    await db
      .insert(fediverseBlocks)
      .values({ kind: 'person', target: actorUri, label: handle })
      .onConflictDoNothing();
    const [removed] = await db
      .delete(fediverseFollowers)
      .where(eq(fediverseFollowers.actorUri, actorUri))
      .returning();
    if (removed) await answer(request, removed, 'reject');
    reactionsChanged(await removeReactionsOf(db, { actorUri }));
  };

  /** A row's person, or their whole server, blocked (a follower's row or a like's): the owner's view after. */
  const blockFrom = async (
    request: FastifyRequest<{ Body: z.infer<typeof followerBlockSchema> }>,
    row: { actorUri: string; handle: string; server: string } | undefined,
    missing: string,
  ) => {
    if (!row) throw notFound(missing);
    if (request.body.scope === 'server') await blockServer(request, row.server.toLowerCase());
    else await blockPerson(request, row.actorUri, row.handle);
    return read();
  };

  app.post(
    '/api/admin/fediverse/followers/:id/block',
    { schema: { params: idParams, body: followerBlockSchema, response: { 200: fediverseOwnerSchema } } },
    async (request) => {
      const [row] = await db
        .select()
        .from(fediverseFollowers)
        .where(eq(fediverseFollowers.id, request.params.id));
      return blockFrom(request, row, 'Follower not found');
    },
  );

  // Someone who liked or boosted a post, whether they follow or not.
  app.post(
    '/api/admin/fediverse/reactions/:id/block',
    { schema: { params: idParams, body: followerBlockSchema, response: { 200: fediverseOwnerSchema } } },
    async (request) => {
      const [row] = await db
        .select()
        .from(fediverseReactions)
        .where(eq(fediverseReactions.id, request.params.id));
      return blockFrom(request, row, 'Like or boost not found');
    },
  );

  app.post(
    '/api/admin/fediverse/blocks',
    {
      schema: {
        body: z.object({ server: serverNameSchema }),
        response: { 200: fediverseOwnerSchema },
      },
    },
    async (request) => {
      await blockServer(request, request.body.server);
      return read();
    },
  );

  app.delete('/api/admin/fediverse/blocks/:id', { schema: { params: idParams } }, async (request, reply) => {
    const [row] = await db
      .delete(fediverseBlocks)
      .where(eq(fediverseBlocks.id, request.params.id))
      .returning();
    if (!row) throw notFound('Block not found');
    return reply.code(204).send();
  });
};
