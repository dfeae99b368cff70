/**
 * The blog as an ActivityPub actor (issue 47), built on Fedify: WebFinger finds `@<name>@<host>`,
 * the actor document names the owner, the site and the blog's public keys, NodeInfo says what the
 * server is, the outbox holds every published post as an `Article`, and the followers collection
 * lists who follows. A Follow is answered with Accept (or kept for the owner's approval when the
 * owner asks for that), an Undo of it removes the follower. A reply to a post becomes a comment
 * awaiting moderation; a Like or an Announce (a boost) of a post is counted on it, until its Undo. Fedify verifies every incoming
 * activity's signature (an unsigned or wrongly signed one is refused with 401) and signs what
 * the blog sends.
 */
import {
  type Context,
  createFederation,
  type Federation,
  type KvStore,
  MemoryKvStore,
  type MessageQueue,
} from '@fedify/fedify';
import {
  Accept,
  type Actor,
  Announce,
  Article,
  Create,
  Delete,
  Endpoints,
  Follow,
  getActorHandle,
  Hashtag,
  Image,
  isActor,
  Like,
  Note,
  Person,
  type Recipient,
  Reject,
  Undo,
} from '@fedify/fedify/vocab';
import { Temporal as Polyfill } from '@js-temporal/polyfill';
import { and, desc, eq, or } from 'drizzle-orm';
import type { BlogPostSummary } from '../../../common/schemas/blog.ts';
import { webAddress } from '../../../common/web-address.ts';
import { profile } from '../../../content/profile.ts';
import type { Db } from '../../db/client.ts';
import { fediverseActivities, fediverseFollowers } from '../../db/schema.ts';
import { escapeXml, imageType } from '../../lib/markup.ts';
import type { BlogService } from '../blog/service.ts';
import type { CommentService } from '../comments/service.ts';
import { OWN_AVATAR_PATH } from './avatars.ts';
import { editionOf, editionsOf, slugOfEdition } from './editions.ts';
import type { actorKeys } from './keys.ts';
import {
  addReaction,
  type ReactionKind,
  removeReaction,
  removeReactionOf,
  removeReactionsOf,
} from './reactions.ts';
import { replyText } from './reply-text.ts';
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

/**
 * Tells a follower's server what became of its Follow: Accept (followed) or Reject (refused or
 * removed), from the blog's actor.
 */
async function answerFollow(
  ctx: Context<void>,
  follower: Recipient,
  follow: Follow,
  kind: 'accept' | 'reject',
): Promise<void> {
  const actor = ctx.getActorUri(BLOG_ACTOR);
  const Answer = kind === 'accept' ? Accept : Reject;
  await ctx.sendActivity(
    { identifier: BLOG_ACTOR },
    follower,
    new Answer({
      id: new URL(`#${kind}/${encodeURIComponent(follow.id?.href ?? '')}`, actor),
      actor,
      object: follow,
    }),
  );
}

/**
 * Tells the server of a stored follower what the owner decided about its Follow. Ids start with
 * PUBLIC_URL when it is set (Fedify's origin); else with `origin`, the owner's request's address,
 * as the follower's server saw them.
 */
export async function answerFollower(
  federation: Federation<void>,
  origin: URL,
  row: Pick<typeof fediverseFollowers.$inferSelect, 'followId' | 'actorUri' | 'inbox'>,
  kind: 'accept' | 'reject',
): Promise<void> {
  const ctx = federation.createContext(origin, undefined);
  const follow = new Follow({
    id: new URL(row.followId),
    actor: new URL(row.actorUri),
    object: ctx.getActorUri(BLOG_ACTOR),
  });
  await answerFollow(
    ctx,
    { id: new URL(row.actorUri), inboxId: new URL(row.inbox), endpoints: null },
    follow,
    kind,
  );
}

/** '@name@server' as the actor's server names it (WebFinger), else from its username and host. */
async function actorHandle(actor: Actor): Promise<string> {
  const named = await getActorHandle(actor).catch(() => '');
  return /^@[^@\s]+@[^@\s]+$/.test(named)
    ? named
    : `@${actor.preferredUsername?.toString() ?? 'unknown'}@${actor.id ? new URL(actor.id.href).host : 'unknown'}`;
}

/** The slug of the post an address names: its ActivityPub object, or its page on this site. */
function postSlugOf(ctx: Context<void>, target: URL | null): string | null {
  if (!target) return null;
  const object = ctx.parseUri(target);
  if (object?.type === 'object' && object.class === Article)
    return slugOfEdition(object.values.slug ?? '') || null;
  const page = /^\/blog\/([^/?#]+)$/.exec(target.pathname);
  return target.origin === new URL(ctx.origin).origin && page?.[1] ? decodeURIComponent(page[1]) : null;
}

/**
 * Where an actor's profile is shown (a reaction's name, a reply's author): its `url` when that is a
 * web address, else its id; null when neither is (a `javascript:` address is never kept, issue 62).
 */
const profileOf = (actor: Actor) =>
  (webAddress(actor.url instanceof URL ? actor.url : null) ?? webAddress(actor.id))?.href ?? null;

/** A follower's row from the actor who sent the Follow: none unless its addresses are web addresses. */
async function followerOf(actor: Actor, follow: Follow) {
  const actorUri = webAddress(actor.id)?.href;
  const inbox = webAddress(actor.inboxId)?.href;
  if (!actorUri || !inbox || !follow.id) return null;
  const handle = await actorHandle(actor);
  return {
    actorUri,
    followId: follow.id.href,
    inbox,
    sharedInbox: webAddress(actor.endpoints?.sharedInbox)?.href ?? null,
    handle,
    name: actor.name?.toString() ?? '',
    server: new URL(actorUri).host,
  };
}

const postUrl = (base: URL, slug: string) => new URL(`/blog/${encodeURIComponent(slug)}`, base);
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
          href: new URL(`/blog/tag/${encodeURIComponent(tag)}`, base),
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

  /** A Like or an Announce of a published post, from its own sender: counted on the post. */
  const react = async (ctx: Context<void>, activity: Like | Announce, kind: ReactionKind) => {
    if (!activity.id || !activity.actorId) return;
    const slug = postSlugOf(ctx, activity.objectId);
    const post = slug ? await blog.findPublishedBySlug(slug) : null;
    if (!post) return;
    const actor = await activity.getActor(ctx);
    if (!actor || !isActor(actor) || actor.id?.href !== activity.actorId.href) return;
    const profileUrl = profileOf(actor);
    if (!profileUrl) return;
    await addReaction(db, {
      postId: post.id,
      kind,
      activityId: activity.id.href,
      actorUri: actor.id.href,
      handle: await actorHandle(actor),
      name: actor.name?.toString().trim().slice(0, 100) ?? '',
      profileUrl,
      server: actor.id.host.toLowerCase(),
    });
    reactionsChanged([post.id]);
  };

  /** An account that is gone: it follows no more, and its likes and boosts are taken away. */
  const accountGone = async (actorUri: string) => {
    await db.delete(fediverseFollowers).where(eq(fediverseFollowers.actorUri, actorUri));
    reactionsChanged(await removeReactionsOf(db, { actorUri }));
  };

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

  federation
    .setInboxListeners('/ap/actors/{identifier}/inbox', '/ap/inbox')
    .on(Follow, async (ctx, follow) => {
      const object = ctx.parseUri(follow.objectId);
      if (object?.type !== 'actor' || object.identifier !== BLOG_ACTOR) return;
      const actor = await follow.getActor(ctx);
      if (!actor || !isActor(actor)) return;
      const row = await followerOf(actor, follow);
      if (!row) return;
      const approve = await approvesFollowers(db);
      const state = approve ? ('pending' as const) : ('accepted' as const);
      await db
        .insert(fediverseFollowers)
        .values({ ...row, state })
        .onConflictDoUpdate({
          target: fediverseFollowers.actorUri,
          set: {
            followId: row.followId,
            inbox: row.inbox,
            sharedInbox: row.sharedInbox,
            handle: row.handle,
            name: row.name,
          },
        });
      if (!approve) await answerFollow(ctx, actor, follow, 'accept');
    })
    .on(Create, async (ctx, create) => {
      // A reply to one of the posts (its object, or its page): a comment awaiting moderation.
      const note = await create.getObject(ctx);
      if (!(note instanceof Note) || !note.id || !create.actorId) return;
      if (note.attributionId && note.attributionId.href !== create.actorId.href) return;
      const slug = postSlugOf(ctx, note.replyTargetId);
      const post = slug ? await blog.findPublishedBySlug(slug) : null;
      if (!post) return;
      const content = replyText(note.content?.toString() ?? '');
      if (!content) return;
      const actor = await create.getActor(ctx);
      const authorUrl = actor && isActor(actor) ? profileOf(actor) : null;
      if (!actor || !isActor(actor) || !actor.id || !authorUrl) return;
      const handle = await actorHandle(actor);
      const stored = await comments.fromFediverse({
        postId: post.id,
        postTitle: post.title,
        name: actor.name?.toString().trim().slice(0, 100) || handle,
        content,
        activityId: note.id.href,
        authorActor: actor.id.href,
        authorHandle: handle,
        authorUrl,
        ...(note.published ? { createdAt: new Date(note.published.epochMilliseconds) } : {}),
      });
      const icon = stored ? await actor.getIcon(ctx).catch(() => null) : null;
      const iconUrl = icon?.url instanceof URL ? icon.url : (icon?.url?.href ?? null);
      if (iconUrl) avatarOf(actor.id.href, iconUrl.href);
    })
    .on(Delete, async (_ctx, deletion) => {
      if (!deletion.objectId || !deletion.actorId) return;
      // An account deleted by itself: no longer a follower, its likes and boosts gone.
      if (deletion.objectId.href === deletion.actorId.href) return accountGone(deletion.actorId.href);
      // Only its author takes a reply back.
      await comments.deleteFromFediverse(deletion.objectId.href, deletion.actorId.href);
    })
    .on(Like, (ctx, like) => react(ctx, like, 'like'))
    .on(Announce, (ctx, announce) => react(ctx, announce, 'boost'))
    .on(Undo, async (ctx, undo) => {
      if (!undo.actorId) return;
      // A like or a boost taken back, named by its id: only its author's Undo finds it.
      if (undo.objectId) {
        const changed = await removeReaction(db, undo.objectId.href, undo.actorId.href);
        if (changed.length > 0) return reactionsChanged(changed);
      }
      const object = await undo.getObject(ctx);
      // Or, as Mastodon matches one, by who liked (or boosted) what.
      if (
        (object instanceof Like || object instanceof Announce) &&
        object.actorId?.href === undo.actorId.href
      ) {
        const slug = postSlugOf(ctx, object.objectId);
        const post = slug ? await blog.findPublishedBySlug(slug) : null;
        const kind = object instanceof Like ? 'like' : 'boost';
        const changed = post
          ? await removeReactionOf(db, { postId: post.id, kind, actorUri: undo.actorId.href })
          : [];
        return reactionsChanged(changed);
      }
      if (!(object instanceof Follow)) return;
      // Only the follower itself takes its follow back.
      if (object.actorId && object.actorId.href !== undo.actorId.href) return;
      await db.delete(fediverseFollowers).where(eq(fediverseFollowers.actorUri, undo.actorId.href));
    })
    // A Delete of an account its server already answers 410 Gone for (Mastodon's, once deleted): its
    // key cannot be read, so it cannot be verified, but the actor's own server says it is gone.
    .onUnverifiedActivity(async (_ctx, activity, reason) => {
      const actor = activity.actorId?.href;
      if (
        !(activity instanceof Delete) ||
        !actor ||
        activity.objectId?.href !== actor ||
        reason.type !== 'keyFetchError' ||
        !('status' in reason.result) ||
        reason.result.status !== 410 ||
        new URL(reason.keyId.href.replace(/#.*$/, '')).href !== actor
      ) {
        return;
      }
      await accountGone(actor);
      return new Response(null, { status: 202 });
    });

  return federation;
}

/**
 * A time as the vocabulary takes it. Fedify's runtime uses the Temporal polyfill (Node has no
 * Temporal yet), its types the standard library's: the same object, typed as the latter.
 */
export const instant = (iso: string | null): Temporal.Instant | null =>
  iso ? (Polyfill.Instant.from(iso) as unknown as Temporal.Instant) : null;
