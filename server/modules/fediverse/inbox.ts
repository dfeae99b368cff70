/**
 * What the blog does with what other servers post to its inboxes (issue 47, issue 64), each
 * activity verified by Fedify first: a Follow is kept and answered with Accept (or waits for the
 * owner), its Undo removes it; a reply to a post becomes a comment awaiting moderation, its
 * author's Delete takes it back; a Like or an Announce (a boost) is counted on its post until its
 * Undo (by id, or as Mastodon matches one, by who reacted to what); an account that deletes itself,
 * signed or answered 410 by its own server, no longer follows.
 */
import type { Context, Federation } from '@fedify/fedify';
import {
  Accept,
  type Actor,
  Announce,
  Article,
  Create,
  Delete,
  Follow,
  getActorHandle,
  isActor,
  Like,
  Note,
  type Recipient,
  Reject,
  Undo,
} from '@fedify/fedify/vocab';
import { eq } from 'drizzle-orm';
import { webAddress } from '../../../common/web-address.ts';
import { fediverseFollowers } from '../../db/schema.ts';
import { slugOfEdition } from './editions.ts';
import type { FederationDeps } from './federation.ts';
import {
  addReaction,
  type ReactionKind,
  removeReaction,
  removeReactionOf,
  removeReactionsOf,
} from './reactions.ts';
import { replyText } from './reply-text.ts';
import { approvesFollowers, BLOG_ACTOR } from './settings.ts';

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

export function listenToInbox(
  federation: Federation<void>,
  {
    db,
    blog,
    comments,
    avatarOf,
    reactionsChanged,
  }: Pick<FederationDeps, 'db' | 'blog' | 'comments' | 'avatarOf' | 'reactionsChanged'>,
): void {
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
}
