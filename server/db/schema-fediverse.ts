/**
 * The blog as an ActivityPub actor (issue 47): who follows it, whom the owner blocked, and who
 * liked or boosted a post. The actor's keys live sealed in app_meta (`fediverse:keys`), its
 * handle's name in app_meta (`fediverse:name`).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { queueColumns } from './queue-columns.ts';
import { blogPosts } from './schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A follower: a remote actor, where to deliver to it, and since when it follows. */
export const fediverseFollowers = pgTable(
  'fediverse_followers',
  {
    id: serial('id').primaryKey(),
    /** The follower's actor id (its URI): one row per actor. */
    actorUri: text('actor_uri').notNull().unique(),
    /** The id of the Follow activity, which the Accept names and an Undo refers to. */
    followId: text('follow_id').notNull(),
    inbox: text('inbox').notNull(),
    sharedInbox: text('shared_inbox'),
    /** '@name@server', as the follower's server calls it. */
    handle: text('handle').notNull(),
    name: text('name').notNull().default(''),
    /** The follower's server (host), for the owner's list and a server's block. */
    server: text('server').notNull(),
    state: text('state', { enum: ['accepted', 'pending'] })
      .notNull()
      .default('accepted'),
    followedAt: at('followed_at').notNull().defaultNow(),
  },
  (t) => [
    index('fediverse_followers_server_idx').on(t.server),
    check('fediverse_followers_state_check', sql`${t.state} in ('accepted', 'pending')`),
  ],
);

/**
 * Someone the owner blocked: one person (their actor's URI) or a whole server (its host). A blocked
 * actor's activities are refused with 403 before their signature is checked, and they follow no more.
 */
export const fediverseBlocks = pgTable(
  'fediverse_blocks',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['person', 'server'] }).notNull(),
    /** The actor's URI for a person, the host (lower case) for a server. */
    target: text('target').notNull(),
    /** What the owner's list shows: the person's handle, or the server's host. */
    label: text('label').notNull(),
    blockedAt: at('blocked_at').notNull().defaultNow(),
  },
  (t) => [
    unique('fediverse_blocks_kind_target_unique').on(t.kind, t.target),
    check('fediverse_blocks_kind_check', sql`${t.kind} in ('person', 'server')`),
  ],
);

/**
 * A like or a boost (an `Announce`) of a post from the fediverse: counted on the post and listed
 * for the owner. One of each kind per person and post (a repeated one is the same); its Undo, or
 * a block of its author, takes it away; the post's deletion too.
 */
export const fediverseReactions = pgTable(
  'fediverse_reactions',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['like', 'boost'] }).notNull(),
    /** The Like's or the Announce's id, which its Undo names. */
    activityId: text('activity_id').notNull(),
    actorUri: text('actor_uri').notNull(),
    /** '@name@server', the name and the profile page, as the person's server gives them. */
    handle: text('handle').notNull(),
    name: text('name').notNull().default(''),
    profileUrl: text('profile_url').notNull(),
    /** The person's server (host, lower case), for a server's block. */
    server: text('server').notNull(),
    reactedAt: at('reacted_at').notNull().defaultNow(),
  },
  (t) => [
    unique('fediverse_reactions_post_kind_actor_unique').on(t.postId, t.kind, t.actorUri),
    index('fediverse_reactions_server_idx').on(t.server),
    index('fediverse_reactions_activity_idx').on(t.activityId),
    index('fediverse_reactions_reacted_idx').on(t.reactedAt),
    check('fediverse_reactions_kind_check', sql`${t.kind} in ('like', 'boost')`),
  ],
);

/**
 * What the blog sent its followers about a post: a `Create` when it went live, an `Update` when
 * what followers see of it changed, a `Delete` when it was taken down (issue 47, point 4); and the
 * owner's answer to a reply from the fediverse (`reply`, a `Create` of a `Note`). The id
 * is made from what it says (the publication time, the article's digest), so two processes that
 * both see the same change make one row. The activity as JSON-LD, signed when each copy is sent.
 */
export const fediverseActivities = pgTable(
  'fediverse_activities',
  {
    id: serial('id').primaryKey(),
    activityId: text('activity_id').notNull().unique(),
    /** The post it is about; kept after the post is deleted, to name it in the Delete. */
    postId: integer('post_id').notNull(),
    /** The article's ActivityPub id (`/ap/posts/<slug>`). */
    objectId: text('object_id').notNull(),
    kind: text('kind', { enum: ['create', 'update', 'delete', 'reply'] }).notNull(),
    /** The article's digest: an edit that changes nothing followers see sends no Update. */
    digest: text('digest').notNull().default(''),
    body: jsonb('body').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('fediverse_activities_post_idx').on(t.postId, t.id),
    check('fediverse_activities_kind_check', sql`${t.kind} in ('create', 'update', 'delete', 'reply')`),
  ],
);

/**
 * Fedify's queue of deliveries (ADR 024): its messages as Fedify enqueued them (a fan-out of an
 * activity to many inboxes, or the activity, signed once, to one inbox with the keys that sign its
 * copy), sealed under the server secret (they hold the actor's private keys), each due at its
 * time. A row is claimed with a lease by one process at a time (the site's one lease statement,
 * server/lib/job-queue.ts) and removed once Fedify has handled it; Fedify's own retries come back as
 * new rows, later.
 */
export const fediverseQueue = pgTable(
  'fediverse_queue',
  {
    id: serial('id').primaryKey(),
    message: text('message').notNull(),
    ...queueColumns(),
  },
  (t) => [
    index('fediverse_queue_due_idx').on(t.status, t.nextAttemptAt),
    check('fediverse_queue_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);
