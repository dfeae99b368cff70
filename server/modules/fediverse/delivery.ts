/**
 * Posts reach the followers (issue 47, point 4). When a post goes live, changes or goes away,
 * `sync` writes what the followers should hear (a `Create`, an `Update` when what they see of it
 * changed, a `Delete`) once into `fediverse_activities`, and one delivery per inbox (a server's
 * shared inbox where it offers one) into `fediverse_deliveries`. `deliverDue` sends the due
 * deliveries, signed by the blog's actor (send.ts: the document signed once with Fedify's functions,
 * each copy its HTTP signature, RFC 9421 or the draft Mastodon verifies), from the queue every outbox of the site uses (server/lib/mail.ts:
 * a row is claimed by one process at a time, retried with backoff, marked failed after the last
 * try). A server that answers 410 Gone is given up at once, and its followers with it.
 */
import { createHash } from 'node:crypto';
import { type Federation, SendActivityError } from '@fedify/fedify';
import {
  Activity,
  Article,
  Create,
  Delete,
  isActor,
  Mention,
  Note,
  Tombstone,
  Update,
} from '@fedify/fedify/vocab';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fediverseActivities, fediverseDeliveries, fediverseFollowers } from '../../db/schema.ts';
import { MAX_ATTEMPTS, mailQueue } from '../../lib/mail.ts';
import { escapeXml } from '../../lib/markup.ts';
import type { BlogService } from '../blog/service.ts';
import type { CommentService } from '../comments/service.ts';
import { articleOf, instant } from './federation.ts';
import { actorSigningKeys, inboxPoster, signedActivity } from './send.ts';
import { BLOG_ACTOR } from './settings.ts';

/** Deliveries sent at once in a round (a post to many servers goes out a few at a time). */
const AT_ONCE = 8;
/** Deliveries taken per round. */
const ROUND = 64;

export interface DeliveryDeps {
  db: Db;
  blog: Pick<BlogService, 'findPublishedById' | 'findPublishedBySlug'>;
  federation: Federation<void>;
  /** The site's public address (PUBLIC_URL): every id starts with it. */
  origin: string;
  /** How copies are posted: the outbound module's guarded fetch (server/lib/outbound.ts). */
  callOut: typeof fetch;
}

type Kind = 'create' | 'update' | 'delete' | 'reply';
const PUBLIC = new URL('https://www.w3.org/ns/activitystreams#Public');

/** The owner's answer to a reply from the fediverse (CommentService.fediverseAnswer). */
export type FediverseAnswer = NonNullable<Awaited<ReturnType<CommentService['fediverseAnswer']>>>;

export function createDelivery({ db, blog, federation, origin, callOut }: DeliveryDeps) {
  const context = () => federation.createContext(new URL(origin), undefined);
  const queue = mailQueue(db, fediverseDeliveries);
  const post = inboxPoster(callOut);

  /**
   * Where each accepted follower is delivered to: one address per server that shares an inbox,
   * with a follower it stands for.
   */
  const inboxes = async () => {
    const rows = await db
      .select({
        inbox: fediverseFollowers.inbox,
        shared: fediverseFollowers.sharedInbox,
        recipient: fediverseFollowers.actorUri,
      })
      .from(fediverseFollowers)
      .where(eq(fediverseFollowers.state, 'accepted'));
    const byInbox = new Map<string, string>();
    for (const row of rows) {
      const inbox = row.shared ?? row.inbox;
      if (!byInbox.has(inbox)) byInbox.set(inbox, row.recipient);
    }
    return [...byInbox].map(([inbox, recipient]) => ({ inbox, recipient }));
  };

  /**
   * Keeps one activity (the first writer of its id wins) and queues it to every follower's inbox,
   * and to `also` (the person an answer is for).
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
    also: Array<{ inbox: string; recipient: string }> = [],
  ): Promise<number> => {
    const { activity, ...row } = values;
    const body = await activity.toJsonLd({ format: 'compact', contextLoader: context().contextLoader });
    const [stored] = await db
      .insert(fediverseActivities)
      .values({ ...row, body })
      .onConflictDoNothing({ target: fediverseActivities.activityId })
      .returning({ id: fediverseActivities.id });
    if (!stored) return 0;
    const targets = [
      ...new Map([...(await inboxes()), ...also].map((target) => [target.inbox, target])).values(),
    ];
    if (targets.length === 0) return 0;
    const queued = await db
      .insert(fediverseDeliveries)
      .values(targets.map((target) => ({ activityId: stored.id, ...target })))
      .onConflictDoNothing()
      .returning({ id: fediverseDeliveries.id });
    return queued.length;
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
      const article = articleOf(ctx, post);
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
      const Kinded = fresh ? Create : Update;
      return record({
        activityId,
        postId,
        objectId,
        kind,
        digest,
        activity: new Kinded({
          id: new URL(activityId),
          actor: ctx.getActorUri(BLOG_ACTOR),
          object: article,
          to: PUBLIC,
          ...(article.published ? { published: article.published } : {}),
        }),
      });
    },

    /**
     * The owner's answer to a reply from the fediverse, sent back as a reply to it: a public `Note`
     * that mentions its author, to their inbox and the followers'. The deliveries it queued.
     */
    async answer({ answer, to }: FediverseAnswer): Promise<number> {
      const ctx = context();
      const article = ctx.getObjectUri(Article, { slug: answer.postSlug });
      const noteId = new URL(`${article.href}/answers/${answer.id}`);
      const author = await ctx.lookupObject(to.actor).catch(() => null);
      const inbox = isActor(author) ? (author.endpoints?.sharedInbox ?? author.inboxId) : null;
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
        url: new URL(`/blog/${encodeURIComponent(answer.postSlug)}#comment-${answer.id}`, origin),
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
        inbox ? [{ inbox: inbox.href, recipient: to.actor }] : [],
      );
    },

    /**
     * Sends the due deliveries (up to a round's worth, a few at a time): true when there may be
     * more at once. Each is signed and posted to its inbox; a failure is tried again later, a
     * server that is gone (410) is given up with its followers.
     */
    async deliverDue(): Promise<boolean> {
      const rows = await queue.claim<{
        id: number;
        inbox: string;
        recipient: string;
        attempts: number;
        activity_id: number;
        body: unknown;
      }>(
        ROUND,
        sql`${fediverseDeliveries.id}, ${fediverseDeliveries.inbox}, ${fediverseDeliveries.recipient}, ${fediverseDeliveries.attempts}, ${fediverseDeliveries.activityId} as activity_id, (select ${fediverseActivities.body} from ${fediverseActivities} where ${fediverseActivities.id} = ${fediverseDeliveries.activityId}) as body`,
      );
      const ctx = context();
      if (rows.length === 0) return false;
      const keys = await actorSigningKeys(ctx, BLOG_ACTOR);
      // A round's rows mostly carry one activity (a post to every inbox): it is signed once.
      const prepared = new Map<number, Promise<string>>();
      const bodyOf = (row: { activity_id: number; body: unknown }) => {
        let body = prepared.get(row.activity_id);
        if (!body) {
          body = Activity.fromJsonLd(row.body, {
            contextLoader: ctx.contextLoader,
            documentLoader: ctx.documentLoader,
          }).then((activity) => signedActivity(ctx, activity, keys));
          prepared.set(row.activity_id, body);
        }
        return body;
      };
      for (let at = 0; at < rows.length; at += AT_ONCE) {
        await Promise.all(
          rows.slice(at, at + AT_ONCE).map(async (row) => {
            const attempts = row.attempts + 1;
            try {
              await post(new URL(row.inbox), await bodyOf(row), keys.rsa);
              await queue.sent(row.id, attempts);
            } catch (error) {
              if (error instanceof SendActivityError && error.statusCode === 410) {
                await queue.failed(row.id, Math.max(attempts, MAX_ATTEMPTS), error);
                await db
                  .delete(fediverseFollowers)
                  .where(
                    sql`${fediverseFollowers.inbox} = ${row.inbox} or ${fediverseFollowers.sharedInbox} = ${row.inbox}`,
                  );
                return;
              }
              await queue.failed(row.id, attempts, error);
            }
          }),
        );
      }
      return rows.length === ROUND;
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
