/**
 * Posts reach the followers (issue 47, point 4). When a post goes live, changes or goes away,
 * `sync` writes what the followers should hear (a `Create`, an `Update` when what they see of it
 * changed, a `Delete`) once into `fediverse_activities`, and the first to write it hands it to
 * Fedify for every follower's inbox (a server's shared inbox once). Fedify signs it once and
 * queues one copy per inbox in the site's queue (queue.ts, ADR 024), which the module's job sends
 * under the outbound module's guard.
 */

import { createHash } from 'node:crypto';
import type { Federation } from '@fedify/fedify';
import {
  type Activity,
  Create,
  Delete,
  isActor,
  Mention,
  Note,
  type Recipient,
  Tombstone,
  Update,
} from '@fedify/fedify/vocab';
import { and, desc, eq, ne } from 'drizzle-orm';
import { postPath } from '../../../common/blog-paths.ts';
import type { Db } from '../../db/client.ts';
import { fediverseActivities, fediverseFollowers } from '../../db/schema.ts';
import { escapeXml } from '../../lib/markup.ts';
import type { BlogService } from '../blog/service.ts';
import type { CommentService } from '../comments/service.ts';
import { editionOf } from './editions.ts';
import { articleOf, instant } from './federation.ts';
import { BLOG_ACTOR } from './settings.ts';

export interface DeliveryDeps {
  db: Db;
  blog: Pick<BlogService, 'findPublishedById' | 'findPublishedBySlug'>;
  federation: Federation<void>;
  /** The site's public address (PUBLIC_URL): every id starts with it. */
  origin: string;
}

type Kind = 'create' | 'update' | 'delete' | 'reply';
const PUBLIC = new URL('https://www.w3.org/ns/activitystreams#Public');

/** The owner's answer to a reply from the fediverse (CommentService.fediverseAnswer). */
export type FediverseAnswer = NonNullable<Awaited<ReturnType<CommentService['fediverseAnswer']>>>;

export function createDelivery({ db, blog, federation, origin }: DeliveryDeps) {
  const context = () => federation.createContext(new URL(origin), undefined);

  /** Every accepted follower, as Fedify delivers to it (its inbox, and its server's shared one). */
  const followers = async (): Promise<Recipient[]> => {
    const rows = await db
      .select({
        actorUri: fediverseFollowers.actorUri,
        inbox: fediverseFollowers.inbox,
        shared: fediverseFollowers.sharedInbox,
      })
      .from(fediverseFollowers)
      .where(eq(fediverseFollowers.state, 'accepted'));
    return rows.map((row) => ({
      id: new URL(row.actorUri),
      inboxId: new URL(row.inbox),
      endpoints: row.shared ? { sharedInbox: new URL(row.shared) } : null,
    }));
  };

  /**
   * Keeps one activity (the first writer of its id wins) and hands it to Fedify for every
   * follower and `also` (the person an answer is for): the inboxes it goes to.
   */
  const record = async (
    values: {
      activityId: string;
      postId: number;
      objectId: string;
      kind: Kind;
      digest: string;
      activity: Activity;
    },
    also: Recipient[] = [],
  ): Promise<number> => {
    const { activity, ...row } = values;
    const ctx = context();
    const body = await activity.toJsonLd({ format: 'compact', contextLoader: ctx.contextLoader });
    const [stored] = await db
      .insert(fediverseActivities)
      .values({ ...row, body })
      .onConflictDoNothing({ target: fediverseActivities.activityId })
      .returning({ id: fediverseActivities.id });
    if (!stored) return 0;
    const recipients = [...(await followers()), ...also];
    if (recipients.length === 0) return 0;
    const inboxes = new Set(recipients.map((one) => (one.endpoints?.sharedInbox ?? one.inboxId)?.href));
    await ctx.sendActivity({ identifier: BLOG_ACTOR }, recipients, activity, { preferSharedInbox: true });
    return inboxes.size;
  };

  return {
    /**
     * What the followers should hear of a post now: a Create when it went live (again), an Update
     * when its article changed since the last one they heard, a Delete when it went away, or
     * nothing. The deliveries it queued.
     */
    async sync(postId: number): Promise<number> {
      const ctx = context();
      const [last] = await db
        .select()
        .from(fediverseActivities)
        .where(and(eq(fediverseActivities.postId, postId), ne(fediverseActivities.kind, 'reply')))
        .orderBy(desc(fediverseActivities.id))
        .limit(1);
      const known = last !== undefined && last.kind !== 'delete';
      const live = await blog.findPublishedById(postId);
      const post = live ? await blog.findPublishedBySlug(live.slug) : null;
      /** The last object the followers heard of, taken down. */
      const takeDown = (heard: { id: number; objectId: string }) => {
        const activityId = `${heard.objectId}#delete/${heard.id}`;
        return record({
          activityId,
          postId,
          objectId: heard.objectId,
          kind: 'delete',
          digest: '',
          activity: new Delete({
            id: new URL(activityId),
            actor: ctx.getActorUri(BLOG_ACTOR),
            object: new Tombstone({ id: new URL(heard.objectId) }),
            to: PUBLIC,
          }),
        });
      };
      if (!post) return known ? takeDown(last) : 0;
      // Published again after a take-down, it is a new edition: a new object (editions.ts).
      const article = articleOf(ctx, post, await editionOf(db, post));
      const objectId = article.id?.href ?? '';
      const digest = createHash('sha256')
        .update(JSON.stringify(await article.toJsonLd({ contextLoader: ctx.contextLoader })))
        .digest('hex');
      // A post whose address changed is a new object: the old one is taken down first.
      if (known && last.objectId !== objectId) await takeDown(last);
      const fresh = !known || last.objectId !== objectId;
      if (!fresh && last.digest === digest) return 0;
      const kind: Kind = fresh ? 'create' : 'update';
      const activityId = `${objectId}#${kind}/${fresh ? (post.publishedAt ?? '') : digest.slice(0, 16)}`;
      const activity = fresh
        ? new Create({
            id: new URL(activityId),
            actor: ctx.getActorUri(BLOG_ACTOR),
            object: article,
            to: PUBLIC,
            ...(article.published ? { published: article.published } : {}),
          })
        : // An edit says when it was made: Mastodon ignores an Update whose object has no `updated`.
          new Update({
            id: new URL(activityId),
            actor: ctx.getActorUri(BLOG_ACTOR),
            object: article.clone({ updated: instant(post.updatedAt) }),
            to: PUBLIC,
            ...(article.published ? { published: article.published } : {}),
          });
      return record({ activityId, postId, objectId, kind, digest, activity });
    },

    /**
     * The owner's answer to a reply from the fediverse, sent back as a reply to it: a public `Note`
     * that mentions its author, to their inbox and the followers'. The deliveries it queued.
     */
    async answer({ answer, to }: FediverseAnswer): Promise<number> {
      const ctx = context();
      // Fetchable while the answer is shown (federation.ts's Note dispatcher).
      const noteId = ctx.getObjectUri(Note, { slug: answer.postSlug, id: String(answer.id) });
      const author = await ctx.lookupObject(to.actor).catch(() => null);
      const paragraphs = answer.content
        .split(/\n{2,}/)
        .map((part) => escapeXml(part.trim()).replace(/\n/g, '<br>'))
        .filter(Boolean);
      const mention = `<span class="h-card"><a href="${escapeXml(to.profileUrl)}" class="u-url mention">${escapeXml(to.handle)}</a></span>`;
      const content = paragraphs.map((part, at) => `<p>${at === 0 ? `${mention} ` : ''}${part}</p>`).join('');
      const note = new Note({
        id: noteId,
        attribution: ctx.getActorUri(BLOG_ACTOR),
        replyTarget: new URL(to.activityId),
        content,
        url: new URL(`${postPath(answer.postSlug)}#comment-${answer.id}`, origin),
        published: instant(answer.createdAt.toISOString()),
        tags: [new Mention({ href: new URL(to.actor), name: to.handle })],
        to: PUBLIC,
        cc: new URL(to.actor),
      });
      return record(
        {
          activityId: `${noteId.href}#create`,
          postId: answer.postId,
          objectId: noteId.href,
          kind: 'reply',
          digest: '',
          activity: new Create({
            id: new URL(`${noteId.href}#create`),
            actor: ctx.getActorUri(BLOG_ACTOR),
            object: note,
            to: PUBLIC,
            cc: new URL(to.actor),
          }),
        },
        isActor(author) && author.id && author.inboxId ? [author] : [],
      );
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
