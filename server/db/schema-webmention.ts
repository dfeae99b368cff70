/**
 * Webmention (issue 47, point 7; W3C Recommendation, 2017): the mentions other sites send of a
 * post, checked and then shown after the owner approves them, and the mentions this site sends of
 * the pages its posts link to.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { queueColumns } from './queue-columns.ts';
import { blogPosts } from './schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A page on another site (`source`) that says it links to a post. `checking` until its page was
 * read and found to link to the post (then `pending`, waiting for the owner), `approved` once the
 * owner shows it. A source that stops linking, or is gone, takes its mention away.
 */
export const webmentions = pgTable(
  'webmentions',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    /** The post's address as the sender gave it (what the source must link to). */
    target: text('target').notNull(),
    status: text('status', { enum: ['checking', 'pending', 'approved'] })
      .notNull()
      .default('checking'),
    /** The source page's title (or its h-entry's name) and author, as plain text. */
    title: text('title').notNull().default(''),
    author: text('author').notNull().default(''),
    /** When its source is read (again): at once, later after a failed read (with `attempts`). */
    checkAfter: at('check_after').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    receivedAt: at('received_at').notNull().defaultNow(),
    verifiedAt: at('verified_at'),
  },
  (t) => [
    unique('webmentions_source_post_unique').on(t.source, t.postId),
    index('webmentions_post_status_idx').on(t.postId, t.status),
    index('webmentions_checking_idx').on(t.status, t.checkAfter),
    check('webmentions_status_check', sql`${t.status} in ('checking', 'pending', 'approved')`),
  ],
);

/**
 * A Webmention this site sends: a live post (`post_id`) links to `target`. Found when the post
 * goes live; its endpoint discovered when it is sent. A queue row (server/lib/job-queue.ts):
 * claimed with a lease, retried with backoff; `sent` with no endpoint when the target has none.
 */
export const webmentionSends = pgTable(
  'webmention_sends',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    target: text('target').notNull(),
    endpoint: text('endpoint'),
    ...queueColumns(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('webmention_sends_post_target_unique').on(t.postId, t.target),
    index('webmention_sends_due_idx').on(t.status, t.nextAttemptAt),
    check('webmention_sends_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);
