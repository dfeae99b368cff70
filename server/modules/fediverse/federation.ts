/**
 * The blog as an ActivityPub actor (issue 47), built on Fedify: WebFinger finds `@<name>@<host>`,
 * the actor document names the owner, the site and the blog's public keys, NodeInfo says what the
 * server is, the outbox holds every published post as an `Article` (its current edition,
 * editions.ts), the owner's answers are `Note`s, and the followers collection lists who follows.
 * What arrives at the inboxes is acted on in inbox.ts; what the blog sends goes through Fedify's
 * queue (queue.ts). Fedify verifies every incoming activity's signature (an unsigned or wrongly
 * signed one is refused with 401) and signs what the blog sends.
 */
import {
  type Context,
  createFederation,
  type Federation,
  type KvStore,
  MemoryKvStore,
  type MessageQueue,
} from '@fedify/fedify';
import { Article, Create, Endpoints, Hashtag, Image, Note, Person } from '@fedify/fedify/vocab';
import { Temporal as Polyfill } from '@js-temporal/polyfill';
import { and, desc, eq, or } from 'drizzle-orm';
import { postPath, tagPath } from '../../../common/blog-paths.ts';
import type { BlogPostSummary } from '../../../common/schemas/blog.ts';
import { profile } from '../../../content/profile.ts';
import type { Db } from '../../db/client.ts';
import { fediverseActivities, fediverseFollowers } from '../../db/schema.ts';
import { escapeXml, imageType } from '../../lib/markup.ts';
import type { BlogService } from '../blog/service.ts';
import type { CommentService } from '../comments/service.ts';
import { OWN_AVATAR_PATH } from './avatars.ts';
import { editionOf, editionsOf, slugOfEdition } from './editions.ts';
import { listenToInbox } from './inbox.ts';
import type { actorKeys } from './keys.ts';
import { acceptedFollowers, approvesFollowers, BLOG_ACTOR, handleName } from './settings.ts';

/** Items per page of the outbox and the followers. */
const PAGE = 20;

export interface FederationDeps {
  db: Db;
  blog: BlogService;
  /** Where a reply from the fediverse becomes a comment awaiting moderation. */
  comments: Pick<CommentService, 'fromFediverse' | 'deleteFromFediverse' | 'isShown'>;
  /** Told of a new reply's author and their icon's address: a copy is kept and shown (avatars.ts). */
  avatarOf: (actorUri: string, iconUrl: string) => void;
  keys: ReturnType<typeof actorKeys>;
  /** Told of the posts whose likes or boosts changed (their counts are read again). */
  reactionsChanged: (postIds: number[]) => void;
  /** The site's public address, which every id starts with when set (PUBLIC_URL). */
  origin?: string | undefined;
  /** Outbound fetches may reach loopback and private addresses (tests only). */
  allowPrivateAddress: boolean;
  /**
   * Where what the blog sends waits (queue.ts): a Follow's answer, a post to the followers. The
   * site runs it (`processQueuedTask`), under the outbound module's guard.
   */
  queue: MessageQueue;
  kv?: KvStore;
}

const postUrl = (base: URL, slug: string) => new URL(postPath(slug), base);
/**
 * A post as the fediverse reads it: an `Article` with its title, summary, address, cover and tags,
 * its id the post's current edition (editions.ts).
 */
export const articleOf = (ctx: Context<void>, post: BlogPostSummary, edition = post.slug) => {
  const base = new URL(ctx.origin);
  return new Article({
    id: ctx.getObjectUri(Article, { slug: edition }),
    attribution: ctx.getActorUri(BLOG_ACTOR),
    name: post.title,
    summary: post.summary,
    content: `<p>${escapeXml(post.summary)}</p><p><a href="${postUrl(base, post.slug).href}">${escapeXml(post.title)}</a></p>`,
    url: postUrl(base, post.slug),
    published: instant(post.publishedAt),
    tags: post.tags.map(
      (tag) =>
        new Hashtag({
          href: new URL(tagPath(tag), base),
          name: `#${tag.replace(/[^\p{L}\p{N}_]/gu, '')}`,
        }),
    ),
    ...(post.coverImage
      ? {
          image: new Image({
            url: new URL(post.coverImage, base),
            mediaType: imageType(post.coverImage, 'image/png'),
          }),
        }
      : {}),
    to: new URL('https://www.w3.org/ns/activitystreams#Public'),
  });
};

export function createBlogFederation({
  db,
  blog,
  comments,
  avatarOf,
  keys,
  reactionsChanged,
  origin,
  allowPrivateAddress,
  queue,
  kv = new MemoryKvStore(),
}: FederationDeps): Federation<void> {
  const federation = createFederation<void>({
    kv,
    allowPrivateAddress,
    // Sent from the queue, never inside the request that caused it: a slow or failing inbox never
    // holds a Follow's answer (issue 64). Activities that arrive are handled at once.
    queue: { outbox: queue, fanout: queue },
    manuallyStartQueue: true,
    ...(origin ? { origin } : {}),
    userAgent: { software: 'portfolio-site' },
  });

  // A server that answers 410 Gone for an inbox: its followers are gone (a deleted account, a
  // closed server). Fedify gives the delivery up (404 and 410 are never tried again).
  federation.setOutboxPermanentFailureHandler(async (_ctx, { inbox, statusCode }) => {
    if (statusCode !== 410) return;
    await db
      .delete(fediverseFollowers)
      .where(or(eq(fediverseFollowers.inbox, inbox.href), eq(fediverseFollowers.sharedInbox, inbox.href)));
  });

  federation
    .setActorDispatcher('/ap/actors/{identifier}', async (ctx, identifier) => {
      if (identifier !== BLOG_ACTOR) return null;
      const pairs = await ctx.getActorKeyPairs(identifier);
      const base = new URL(ctx.origin);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: await handleName(db),
        name: profile.name,
        summary: `${profile.title}. ${profile.description}`,
        url: new URL('/', base),
        // A PNG: Mastodon shows no SVG (issue 64).
        icon: new Image({ url: new URL(OWN_AVATAR_PATH, base), mediaType: 'image/png' }),
        image: new Image({ url: new URL('/og/blog.png', base), mediaType: 'image/png' }),
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        manuallyApprovesFollowers: await approvesFollowers(db),
        discoverable: true,
        indexable: true,
        publicKey: pairs[0]?.cryptographicKey ?? null,
        assertionMethods: pairs.map((pair) => pair.multikey),
      });
    })
    .mapHandle(async (_ctx, username) =>
      username.toLowerCase() === (await handleName(db)) ? BLOG_ACTOR : null,
    )
    .setKeyPairsDispatcher(async (_ctx, identifier) => (identifier === BLOG_ACTOR ? keys.pairs() : []));

  // A post's current edition; an edition taken down is no object any more.
  federation.setObjectDispatcher(Article, '/ap/posts/{slug}', async (ctx, { slug: edition }) => {
    const post = await blog.findPublishedBySlug(slugOfEdition(edition));
    return post && (await editionOf(db, post)) === edition ? articleOf(ctx, post, edition) : null;
  });

  // The owner's answer to a reply, as it was sent (delivery.ts), while the answer is there.
  federation.setObjectDispatcher(Note, '/ap/posts/{slug}/answers/{id}', async (ctx, { slug, id }) => {
    if (!/^\d{1,9}$/.test(id)) return null;
    const post = await blog.findPublishedBySlug(slugOfEdition(slug));
    if (!post || !(await comments.isShown(Number(id), post.id))) return null;
    const noteId = ctx.getObjectUri(Note, { slug, id }).href;
    const [sent] = await db
      .select({ body: fediverseActivities.body })
      .from(fediverseActivities)
      .where(and(eq(fediverseActivities.objectId, noteId), eq(fediverseActivities.kind, 'reply')));
    if (!sent) return null;
    const create = await Create.fromJsonLd(sent.body, ctx);
    const note = await create.getObject(ctx);
    return note instanceof Note ? note : null;
  });

  /**
   * A collection page's cursor (the outbox's page, the followers' offset): a whole number from
   * `least` to a million, as this site writes them; anything else (-5, 0.5, 1e400, twenty digits)
   * is no page, a 404, never a query the database refuses.
   */
  const cursorNumber = (cursor: string, least: number) => {
    if (!/^\d{1,7}$/.test(cursor)) return null;
    const value = Number(cursor);
    return value >= least && value <= 1_000_000 ? value : null;
  };

  /** How many posts are published (one count, not the list). */
  const publishedCount = async () => (await blog.listPage({ limit: 1, page: 1, q: '', tag: '' })).total;

  federation
    .setOutboxDispatcher('/ap/actors/{identifier}/outbox', async (ctx, identifier, cursor) => {
      // The cursor is a page number: one page of posts is read, whatever the blog's size.
      const page = cursor === null ? null : cursorNumber(cursor, 1);
      if (identifier !== BLOG_ACTOR || page === null) return null;
      const { posts, total } = await blog.listPage({ limit: PAGE, page, q: '', tag: '' });
      const editions = await editionsOf(db, posts);
      const items = posts.map(
        (post) =>
          new Create({
            id: new URL(`#create`, ctx.getObjectUri(Article, { slug: editions.get(post.id) ?? post.slug })),
            actor: ctx.getActorUri(BLOG_ACTOR),
            object: articleOf(ctx, post, editions.get(post.id)),
            published: instant(post.publishedAt),
            to: new URL('https://www.w3.org/ns/activitystreams#Public'),
          }),
      );
      return { items, nextCursor: page * PAGE < total ? String(page + 1) : null };
    })
    .setFirstCursor(() => '1')
    .setCounter(publishedCount);

  federation
    .setFollowersDispatcher('/ap/actors/{identifier}/followers', async (_ctx, identifier, cursor) => {
      const start = cursor === null ? null : cursorNumber(cursor, 0);
      if (identifier !== BLOG_ACTOR || start === null) return null;
      const rows = await db
        .select()
        .from(fediverseFollowers)
        .where(eq(fediverseFollowers.state, 'accepted'))
        .orderBy(desc(fediverseFollowers.followedAt), desc(fediverseFollowers.id))
        .limit(PAGE + 1)
        .offset(start);
      return {
        items: rows.slice(0, PAGE).map((row) => ({
          id: new URL(row.actorUri),
          inboxId: new URL(row.inbox),
          endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null,
        })),
        nextCursor: rows.length > PAGE ? String(start + PAGE) : null,
      };
    })
    .setFirstCursor(() => '0')
    .setCounter(() => acceptedFollowers(db));

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => ({
    software: { name: 'portfolio-site', version: '0.1.0' },
    protocols: ['activitypub'],
    openRegistrations: false,
    usage: {
      users: { total: 1, activeMonth: 1, activeHalfyear: 1 },
      localPosts: await publishedCount(),
      localComments: 0,
    },
  }));

  listenToInbox(federation, { db, blog, comments, avatarOf, reactionsChanged });

  return federation;
}

/**
 * A time as the vocabulary takes it. Fedify's runtime uses the Temporal polyfill (Node has no
 * Temporal yet), its types the standard library's: the same object, typed as the latter.
 */
export const instant = (iso: string | null): Temporal.Instant | null =>
  iso ? (Polyfill.Instant.from(iso) as unknown as Temporal.Instant) : null;
