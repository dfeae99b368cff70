/**
 * The newsletter's tables (issue 35), re-exported by schema.ts so drizzle-kit and the app see one
 * schema. Subscribers keep no IP: an address, an optional first name, what they chose, where they
 * signed up and when they agreed and confirmed. An unsubscribed or bounced address stays as a
 * suppression: only its own owner, by the confirmation link, can bring it back.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LeadSource } from '../../common/schemas/contact.ts';
import { blogPosts } from './schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** The address in lower case: one row per address, however it was typed. */
    emailKey: text('email_key').notNull(),
    name: text('name').notNull().default(''),
    /** 'each': every new post when it goes live; 'monthly': one roundup of the month's posts. */
    cadence: text('cadence', { enum: ['each', 'monthly'] })
      .notNull()
      .default('each'),
    status: text('status', { enum: ['pending', 'confirmed', 'unsubscribed', 'bounced'] })
      .notNull()
      .default('pending'),
    /** Which form: 'post:<slug>', 'blog', 'home', 'footer', 'newsletter', 'quote' or 'import'. */
    source: text('source').notNull(),
    /** The visit's lead source (campaign, referrer, landing page), as the quote form keeps it. */
    leadSource: jsonb('lead_source').$type<LeadSource>(),
    /**
     * The mailbox the address reaches: its key without a `+tag` (jo+news@x and jo@x are one
     * mailbox), so sign-ups cannot send one inbox a confirmation per variant.
     */
    mailboxKey: text('mailbox_key').notNull(),
    /**
     * The SHA-256 of the link in the last confirmation email, while it is unused: followed (or the
     * address unsubscribed) it is cleared, and a new confirmation email has a new link.
     */
    confirmHash: text('confirm_hash'),
    /**
     * The SHA-256 of the one link of a subscriber who signed up before links were split (it both
     * confirmed and managed): the emails sent then can still manage the subscription, never confirm it.
     */
    legacyLinkHash: text('legacy_link_hash'),
    /** When the address was given with its consent (the form sent, or the import's consent column). */
    consentAt: at('consent_at').notNull(),
    confirmedAt: at('confirmed_at'),
    unsubscribedAt: at('unsubscribed_at'),
    /** When the last confirmation email was queued: one an hour at most, whoever asks. */
    confirmationSentAt: at('confirmation_sent_at'),
    /** Permanent refusals by the address's mail server; at 3 the address is not mailed again. */
    bounces: integer('bounces').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_key').on(t.emailKey),
    uniqueIndex('newsletter_subscribers_confirm_hash_key').on(t.confirmHash),
    uniqueIndex('newsletter_subscribers_legacy_link_key').on(t.legacyLinkHash),
    index('newsletter_subscribers_mailbox_idx').on(t.mailboxKey, t.confirmationSentAt),
    index('newsletter_subscribers_status_idx').on(t.status, t.cadence),
    index('newsletter_subscribers_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check(
      'newsletter_subscribers_status_check',
      sql`${t.status} in ('pending', 'confirmed', 'unsubscribed', 'bounced')`,
    ),
    check('newsletter_subscribers_cadence_check', sql`${t.cadence} in ('each', 'monthly')`),
  ],
);

/**
 * One email to the list: a new post ('post', to those who chose every post), a month's roundup
 * ('roundup', to those who chose monthly) or the owner's own ('issue', to everyone confirmed).
 * A draft is the owner's issue not sent yet; a sent issue has its web page at /newsletter/<slug>.
 */
export const newsletterIssues = pgTable(
  'newsletter_issues',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    kind: text('kind', { enum: ['post', 'roundup', 'issue'] }).notNull(),
    /** The post a 'post' issue announces: one issue per post, ever. */
    postId: integer('post_id').references(() => blogPosts.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    /** Markdown: the owner's words, or the post's summary and link, or the month's list. */
    body: text('body').notNull(),
    status: text('status', { enum: ['draft', 'sent'] })
      .notNull()
      .default('draft'),
    /** How many deliveries were queued when it was sent. */
    recipients: integer('recipients').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
  },
  (t) => [
    uniqueIndex('newsletter_issues_slug_key').on(t.slug),
    uniqueIndex('newsletter_issues_post_key').on(t.postId),
    index('newsletter_issues_sent_idx').on(t.status, t.sentAt.desc()),
    check('newsletter_issues_kind_check', sql`${t.kind} in ('post', 'roundup', 'issue')`),
    check('newsletter_issues_status_check', sql`${t.status} in ('draft', 'sent')`),
  ],
);

/**
 * The newsletter's outbox: one row per issue and subscriber, with its own state. The unique pair
 * is what makes a send exactly once: queueing twice, or from two processes, adds nothing.
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'bounced'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    /** When a sender last took it: the rate is counted over these, across processes. */
    claimedAt: at('claimed_at'),
    lastError: text('last_error'),
    sentAt: at('sent_at'),
  },
  (t) => [
    uniqueIndex('newsletter_deliveries_pair_key').on(t.issueId, t.subscriberId),
    index('newsletter_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('newsletter_deliveries_claimed_idx').on(t.claimedAt),
    index('newsletter_deliveries_subscriber_idx').on(t.subscriberId),
    check('newsletter_deliveries_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'bounced')`),
  ],
);
