/**
 * The database schema (spec section 3 plus sessions, notification outbox,
 * analytics and a key-value meta table). Column names are snake_case in SQL and
 * camelCase in TypeScript. Every list query the API makes has an index here.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LEAD_ORIGINS, QUOTE_STAGES, TESTIMONIAL_STATUSES } from '../../common/constants.ts';
import type { FunnelStep } from '../../common/funnels.ts';
import type { TocEntry } from '../../common/schemas/blog.ts';
import type { CallQuestion } from '../../common/schemas/call-types.ts';
import type { LeadSource } from '../../common/schemas/contact.ts';

/** A file an outbox message carries; `method` marks a calendar invitation (REQUEST or CANCEL). */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  content: string;
  method?: 'REQUEST' | 'CANCEL';
}

/** PostgreSQL's full-text document type; filled by a trigger (migration 0005), never written by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** argon2id hash; null for accounts that only sign in through GitHub. */
    password: text('password'),
    email: text('email'),
    isAdmin: boolean('is_admin').notNull().default(false),
    role: text('role').notNull().default('user'),
    fullName: text('full_name'),
    githubId: bigint('github_id', { mode: 'number' }),
    githubUsername: text('github_username'),
    avatarUrl: text('avatar_url'),
    createdAt: createdAt(),
  },
  (t) => [
    // Usernames are unique regardless of case, so "Admin" cannot shadow "admin".
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_github_id_key').on(t.githubId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the random session token; the token itself only lives in the cookie. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last request that used the session, noted at most once a minute (the sessions list). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent at sign-in (cut to 300 characters), to name the device. */
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** How the session began: 'password', 'passkey', 'code' (password and second factor), 'github', 'register'. */
    method: text('method').notNull().default('password'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** A user's passkeys (WebAuthn credentials); a passkey alone signs in. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser reports it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** 'singleDevice' or 'multiDevice' (synced); whether it is backed up. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_id_idx').on(t.userId),
  ],
);

/**
 * A user's authenticator app (TOTP). Set up but unconfirmed while `confirmed_at` is null;
 * `last_step` is the newest 30-second step a code was accepted for, so a code works once.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The shared secret, base32. */
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes for a user with an authenticator app; only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_id_idx').on(t.userId)],
);

/**
 * Short-lived sign-in state: a WebAuthn challenge ('passkey-register', 'passkey-sign-in') or a
 * password sign-in waiting for its second factor ('second-factor', keyed by the SHA-256 of the
 * token in its cookie). Each is used once; expired rows are refused and swept.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    key: text('key').primaryKey(),
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_challenges_expires_at_idx').on(t.expiresAt)],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    summary: text('summary').notNull(),
    content: text('content').notNull().default(''),
    coverImage: text('cover_image').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    excerpt: text('excerpt'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * What blog search looks in, weighted: title (A), tags and summary (B), body (C). Kept by the
     * trigger `blog_posts_search_vector` on every insert and update (migration 0005).
     */
    searchVector: tsvector('search_vector'),
    /** The content as sanitised, highlighted HTML, rendered when the post is saved (server/lib/markdown.ts). */
    contentHtml: text('content_html').notNull().default(''),
    /** The h2 and h3 headings of the content, for the table of contents. */
    toc: jsonb('toc').$type<TocEntry[]>().notNull().default([]),
    /** Which renderer made contentHtml and toc (RENDER_VERSION); 0: not rendered yet. */
    renderVersion: integer('render_version').notNull().default(0),
    /** The meta description; '' falls back to the first 160 characters of the content. */
    metaDescription: text('meta_description').notNull().default(''),
    /** Where the post was first published, when elsewhere; '' for this site. */
    canonicalUrl: text('canonical_url').notNull().default(''),
    /** The secret of the draft's private preview link; null when there is none. */
    previewToken: text('preview_token'),
    /** The guest's name for an approved guest post; '' for the owner's posts. */
    guestAuthor: text('guest_author').notNull().default(''),
  },
  (t) => [
    uniqueIndex('blog_posts_slug_key').on(t.slug),
    index('blog_posts_search_idx').using('gin', t.searchVector),
    // The tag filter (tags @> array[tag]).
    index('blog_posts_tags_idx').using('gin', t.tags),
    // The public list: published posts, newest first.
    index('blog_posts_published_idx').on(t.isPublished, t.publishedAt.desc()),
    index('blog_posts_author_id_idx').on(t.authorId),
    // The admin list: every post, most recently edited first.
    index('blog_posts_updated_idx').on(t.updatedAt.desc(), t.id.desc()),
  ],
);

/**
 * A post's address on the site it was imported from (`/2024/03/01/my-post.html`, `/posts/my-post/`):
 * the site answers it with a 301 to the post's own address, so old links and search results keep
 * working. Without a trailing slash; one post can have several.
 */
export const postRedirects = pgTable(
  'post_redirects',
  {
    path: text('path').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('post_redirects_post_id_idx').on(t.postId)],
);

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
    ipAddress: text('ip_address'),
    isApproved: boolean('is_approved').notNull().default(false),
    isSpam: boolean('is_spam').notNull().default(false),
    captchaToken: text('captcha_token'),
    /** The comment this one answers (one level deep); null for a comment on the post. */
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    /** Written by the owner from the post or the dashboard. */
    isAuthorReply: boolean('is_author_reply').notNull().default(false),
    /** The commenter asked to be emailed once when the author answers. */
    notifyOnReply: boolean('notify_on_reply').notNull().default(false),
    /** The secret of the link in that email which stops further emails. */
    unsubscribeToken: text('unsubscribe_token'),
    /**
     * A reply from the fediverse (issue 47): the reply's own id (a Delete names it; one comment per
     * reply), its author's actor, handle and profile page. Null for a comment written on the site.
     */
    activityId: text('activity_id').unique(),
    authorActor: text('author_actor'),
    authorHandle: text('author_handle'),
    authorUrl: text('author_url'),
    /** The author's avatar as this site keeps it (an /uploads/ address), once fetched; else null. */
    authorAvatar: text('author_avatar'),
  },
  (t) => [
    // Public list of a post's approved comments, oldest first.
    index('comments_post_approved_idx').on(t.postId, t.isApproved, t.createdAt),
    // Moderation queue: pending comments, newest first.
    index('comments_moderation_idx').on(t.isApproved, t.isSpam, t.createdAt.desc()),
    index('comments_parent_idx').on(t.parentId),
  ],
);

export const skills = pgTable(
  'skills',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    category: text('category', { enum: ['frontend', 'backend', 'devops'] })
      .notNull()
      .default('frontend'),
    percentage: smallint('percentage').notNull().default(50),
    endorsementCount: integer('endorsement_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('skills_name_key').on(t.name),
    index('skills_category_idx').on(t.category, t.id),
    check('skills_category_check', sql`${t.category} in ('frontend', 'backend', 'devops')`),
    check('skills_percentage_check', sql`${t.percentage} between 0 and 100`),
    check('skills_endorsement_count_check', sql`${t.endorsementCount} >= 0`),
  ],
);

export const skillEndorsements = pgTable(
  'skill_endorsements',
  {
    id: serial('id').primaryKey(),
    skillId: integer('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    comment: text('comment'),
    rating: smallint('rating').notNull().default(5),
    createdAt: createdAt(),
    ipAddress: text('ip_address'),
  },
  (t) => [
    // One endorsement per email per skill, whatever the email's case.
    uniqueIndex('skill_endorsements_skill_email_key').on(t.skillId, sql`lower(${t.email})`),
    index('skill_endorsements_skill_created_idx').on(t.skillId, t.createdAt.desc()),
    index('skill_endorsements_created_idx').on(t.createdAt.desc()),
    check('skill_endorsements_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/** Plain contact messages (name, email, subject, message). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    ipAddress: text('ip_address'),
    readAt: timestamp('read_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt.desc())],
);

/** Project quote requests from the home page's 'Get a Custom Quote' form. */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company'),
    projectType: text('project_type').notNull(),
    budget: text('budget').notNull(),
    timeframe: text('timeframe').notNull(),
    message: text('message').notNull(),
    newsletter: boolean('newsletter').notNull().default(false),
    createdAt: createdAt(),
    ipAddress: text('ip_address'),
    readAt: timestamp('read_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Where the request stands: new, replied, proposal, won or lost (QUOTE_STAGES). */
    stage: text('stage', { enum: QUOTE_STAGES }).notNull().default('new'),
    /** When the owner first answered (the first move out of New); the site promises 24 hours. */
    firstReplyAt: timestamp('first_reply_at', { withTimezone: true }),
    /** When it was won or lost (null while open): the month it counts in. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** What the work is worth, in whole US dollars, when the owner has said. */
    valueUsd: integer('value_usd'),
    /** Where the visitor came from (landing page, referrer host, utm_*, last post read); no cookie, no IP. */
    leadSource: jsonb('lead_source').$type<LeadSource>(),
    /**
     * The first touch (issue 48, point 4): the source of the earliest request or newsletter
     * sign-up of the same email, with when that visit began; this request's own source when it is
     * the first. The won value is credited to it by default.
     */
    firstTouch: jsonb('first_touch').$type<LeadSource>(),
    /**
     * How the lead came (issue 49): a quote request, or a booked call that started it. The inbox,
     * the weekly digest and the reply promise count quote requests alone.
     */
    origin: text('origin', { enum: LEAD_ORIGINS }).notNull().default('quote'),
  },
  (t) => [
    index('quote_requests_created_idx').on(t.createdAt.desc()),
    // A new request's first touch: the earlier requests of the same email.
    index('quote_requests_email_idx').on(sql`lower(${t.email})`, t.createdAt),
    // The pipeline: the board (open requests by stage, newest first), the months' decisions,
    // and the requests still waiting for a first reply.
    index('quote_requests_board_idx')
      .on(t.stage, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.archivedAt} is null`),
    index('quote_requests_decided_idx').on(t.decidedAt).where(sql`${t.decidedAt} is not null`),
    index('quote_requests_unanswered_idx')
      .on(t.createdAt)
      .where(sql`${t.firstReplyAt} is null and ${t.archivedAt} is null`),
    check('quote_requests_stage_check', sql`${t.stage} in ('new', 'replied', 'proposal', 'won', 'lost')`),
    check('quote_requests_value_check', sql`${t.valueUsd} is null or ${t.valueUsd} >= 0`),
  ],
);

/** A quote request's history: each move between stages and each dated note, oldest first. */
export const quoteEvents = pgTable(
  'quote_events',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    /** The stage moved to, for a move; null for a note. */
    stage: text('stage', { enum: QUOTE_STAGES }),
    /** The note's text, for a note; null for a move. */
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('quote_events_quote_idx').on(t.quoteId, t.createdAt)],
);

/**
 * Verified testimonials: the owner asks a named client (optionally about a won quote request),
 * the client writes through a private link (only its SHA-256 is kept), may withdraw it through
 * the same link, and the owner approves it for the home page.
 */
export const testimonials = pgTable(
  'testimonials',
  {
    id: serial('id').primaryKey(),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email'),
    quoteId: integer('quote_id').references(() => quoteRequests.id, { onDelete: 'set null' }),
    /** SHA-256 of the private link's token. */
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: TESTIMONIAL_STATUSES }).notNull().default('requested'),
    name: text('name'),
    role: text('role'),
    company: text('company'),
    quote: text('quote'),
    rating: integer('rating'),
    createdAt: createdAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('testimonials_token_hash_key').on(t.tokenHash),
    index('testimonials_status_idx').on(t.status, t.submittedAt.desc()),
    check(
      'testimonials_status_check',
      sql`${t.status} in ('requested', 'submitted', 'approved', 'withdrawn')`,
    ),
    check('testimonials_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

/**
 * The owner's call types (issue 49, point 2; rows since issue 63): each its length, buffers,
 * notice, horizon, daily limit, days off, special hours, place and questions, in the owner's
 * order (`position`). Its id is the one visitors' links name (`/book?type=intro`); a booking keeps
 * it as a key, which follows a rename and becomes null when the type is removed (the booking keeps
 * the name and place it was booked with).
 */
export const callTypes = pgTable(
  'call_types',
  {
    id: text('id').primaryKey(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    callMinutes: integer('call_minutes').notNull(),
    description: text('description').notNull().default(''),
    place: text('place', { enum: ['video', 'phone', 'address'] }).notNull(),
    /** The video link, or the shop's address; '' for a phone call. */
    placeDetail: text('place_detail').notNull().default(''),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    noticeHours: integer('notice_hours').notNull(),
    horizonDays: integer('horizon_days').notNull(),
    /** At most this many calls of the type a day; null: no limit. */
    dailyLimit: integer('daily_limit'),
    /** The type's own days off ('YYYY-MM-DD') and special hours, besides the availability's. */
    daysOff: jsonb('days_off').$type<string[]>().notNull().default([]),
    specialHours: jsonb('special_hours')
      .$type<Array<{ date: string; start: string; end: string }>>()
      .notNull()
      .default([]),
    questions: jsonb('questions').$type<CallQuestion[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('call_types_position_key').on(t.position),
    check('call_types_place_check', sql`${t.place} in ('video', 'phone', 'address')`),
  ],
);

/**
 * Calls booked through 'Book a call'. The visitor's private link (cancel, move) is kept only as
 * its SHA-256. At most one booked call starts at a time (a partial unique index), and a booking
 * is written under a lock after checking overlaps, so two visitors racing for one slot get one
 * booking between them.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    /** The visitor's time zone, for their emails. */
    timeZone: text('time_zone'),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: ['booked', 'cancelled'] })
      .notNull()
      .default('booked'),
    /** Raised by every move: the invitation's SEQUENCE. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
    /**
     * The private link's token, sealed with the server secret (issue 49): the reminders carry the
     * link. Only its SHA-256 (token_hash) finds the booking; null for calls booked before.
     */
    manageTokenSealed: text('manage_token_sealed'),
    /**
     * The call type booked (issue 49, point 2): its key (following a rename; null once the type is
     * removed, or for calls booked before types), and its name and where as they were when booked.
     * The key is checked at the end of a restore's transaction (DEFERRABLE, migration 0033).
     */
    callType: text('call_type').references(() => callTypes.id, { onUpdate: 'cascade', onDelete: 'set null' }),
    callTypeName: text('call_type_name'),
    location: text('location'),
    /** The visitor's answers to the type's questions, as asked: [{ question, answer }]. */
    answers: jsonb('answers').$type<Array<{ question: string; answer: string }>>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('bookings_token_hash_key').on(t.tokenHash),
    uniqueIndex('bookings_booked_start_key').on(t.startAt).where(sql`${t.status} = 'booked'`),
    index('bookings_start_idx').on(t.startAt),
    check('bookings_status_check', sql`${t.status} in ('booked', 'cancelled')`),
    check('bookings_time_check', sql`${t.endAt} > ${t.startAt}`),
  ],
);

/**
 * A booking's event in the owner's CalDAV calendar (issue 49, point 1): written, moved and removed
 * with the booking, by one process at a time (a lease), retried with backoff while the calendar
 * is down. Every change of the booking raises `generation`: a write that finishes for an older
 * one leaves the row due, so the calendar always ends with the booking as it is.
 */
export const bookingCalendarEvents = pgTable(
  'booking_calendar_events',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    generation: integer('generation').notNull().default(0),
    status: text('status', { enum: ['pending', 'done'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Until when one process holds the write (a crash mid-write frees it then). */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Where the event is in the calendar; null while there is none. */
    href: text('href'),
  },
  (t) => [
    index('booking_calendar_events_due_idx').on(t.status, t.nextAttemptAt),
    check('booking_calendar_events_status_check', sql`${t.status} in ('pending', 'done')`),
  ],
);

/**
 * The reminders sent for a call (issue 49, point 4): one row per call, hours before and start, so
 * each is sent once however many processes look, a moved call gets its own, and a cancelled one
 * (no longer booked) none.
 */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    hoursBefore: integer('hours_before').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.hoursBefore, t.startAt] })],
);

export const resumeRequests = pgTable(
  'resume_requests',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    purpose: text('purpose').notNull(),
    message: text('message'),
    createdAt: createdAt(),
    /** SHA-256 of the access token; the token itself is only ever given to the requester. */
    accessTokenHash: text('access_token_hash').notNull(),
    accessed: boolean('accessed').notNull().default(false),
    accessedAt: timestamp('accessed_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
  },
  (t) => [
    uniqueIndex('resume_requests_access_token_hash_key').on(t.accessTokenHash),
    index('resume_requests_created_idx').on(t.createdAt.desc()),
  ],
);

export const blogContributions = pgTable(
  'blog_contributions',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    content: text('content').notNull(),
    coverImage: text('cover_image').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    authorName: text('author_name').notNull(),
    authorEmail: text('author_email').notNull(),
    createdAt: createdAt(),
    ipAddress: text('ip_address'),
    isReviewed: boolean('is_reviewed').notNull().default(false),
    isApproved: boolean('is_approved').notNull().default(false),
    isSpam: boolean('is_spam').notNull().default(false),
    reviewNotes: text('review_notes'),
    /** The draft post made when the contribution is approved. */
    postId: integer('post_id').references(() => blogPosts.id, { onDelete: 'set null' }),
  },
  (t) => [index('blog_contributions_review_idx').on(t.isReviewed, t.createdAt.desc())],
);

/** Every notification is written here first, so nothing is lost while mail is down. */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The id of the row the notification reports (a quote request for kind 'quote'), so the inbox can show delivery. */
    sourceId: integer('source_id'),
    /** Who gets it: null for the owner (NOTIFY_EMAIL); a commenter's address for a reply to their comment. */
    recipient: text('recipient'),
    /** A file sent with it: a booked call's calendar invitation (.ics). */
    attachment: jsonb('attachment').$type<OutboxAttachment>(),
    /** An HTML part beside the text (the newsletter's confirmation email). */
    html: text('html'),
    /** Extra headers (List-Unsubscribe on the newsletter's emails). */
    headers: jsonb('headers').$type<Record<string, string>>(),
  },
  (t) => [
    index('notification_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('notification_outbox_source_idx').on(t.kind, t.sourceId),
    check('notification_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/** First-party analytics: one row per page view, visitors counted by a daily-salted hash, never an IP. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    path: text('path').notNull(),
    referrer: text('referrer'),
    screenWidth: integer('screen_width'),
    screenHeight: integer('screen_height'),
    visitorHash: text('visitor_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('page_views_created_idx').on(t.createdAt),
    index('page_views_path_idx').on(t.path, t.createdAt),
  ],
);

/**
 * Goals reached (issue 48): one row per completion, with the same daily-salted visitor hash as
 * the page views (never an address), so a goal and the visits before it can be told apart by
 * visitor within a day. The dashboard reads the roll-ups ('goal' in analytics_daily), not these.
 */
export const goalEvents = pgTable(
  'goal_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    goal: text('goal').notNull(),
    visitorHash: text('visitor_hash').notNull(),
    /** The page the goal was reached from (the form's page, or the page a link out was on). */
    path: text('path'),
    createdAt: createdAt(),
  },
  (t) => [
    index('goal_events_created_idx').on(t.createdAt),
    index('goal_events_goal_idx').on(t.goal, t.createdAt),
  ],
);

/**
 * Today's visits (issue 48, point 3): where each visitor of the day came from, kept from their
 * first page view, so a goal they reach later is counted under that source. Only today's rows
 * matter (the hash changes with the daily salt); earlier days are deleted as the day turns.
 */
export const analyticsVisits = pgTable(
  'analytics_visits',
  {
    day: date('day', { mode: 'string' }).notNull(),
    visitorHash: text('visitor_hash').notNull(),
    channel: text('channel').notNull(),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    landing: text('landing').notNull(),
    device: text('device').notNull(),
    /** The two-letter country of the first view's address ('Unknown' when the table has none); the address is not kept. */
    country: text('country').notNull().default('Unknown'),
    /** How many steps of each funnel (by its id) the visit has gone through today. */
    funnels: jsonb('funnels').$type<Record<string, number>>().notNull().default({}),
    /** The posts and projects it read today, first first (at most READS_KEPT): a goal counts under each. */
    reads: text('reads').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitorHash] })],
);

/**
 * The owner's funnels (issue 48, point 2): a name and 2 to 8 steps (pages or goals). A funnel
 * counts from the day it was made: its steps are never changed (a new funnel is made instead), so
 * its counts in the roll-ups (`funnel:<id>` in analytics_daily) always mean the same steps.
 */
/**
 * Read-only links to the analytics (issue 48, point 6): the owner names one and chooses what it
 * shows; the token is kept as its SHA-256 only, and revoking deletes the row.
 */
export const analyticsShares = pgTable('analytics_shares', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  sections: text('sections').array().notNull(),
  createdAt: createdAt(),
});

export const analyticsFunnels = pgTable('analytics_funnels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  steps: jsonb('steps').$type<FunnelStep[]>().notNull(),
  createdAt: createdAt(),
});

/** Small facts about the database itself, such as when it was seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Images made by POST /api/images/generate: the per-user hourly limit counts these rows, and the
 * user's 'Your images' lists them (GET /api/images). A row without a url is a generation still in
 * progress.
 */
export const generatedImages = pgTable(
  'generated_images',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    size: text('size').notNull(),
    quality: text('quality').notNull(),
    /** 'built-in' or 'ai-service'; null while in progress. */
    generator: text('generator'),
    url: text('url'),
    createdAt: createdAt(),
  },
  (t) => [index('generated_images_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * Form tokens already spent (server/lib/form-token.ts): each token allows one submission.
 * Rows past `expires_at` are swept; such a token is refused as expired anyway.
 */
export const formTokenUses = pgTable(
  'form_token_uses',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('form_token_uses_expires_at_idx').on(t.expiresAt)],
);

/**
 * Fixed-window counters for the write rate limits and the login lockout when no Redis is
 * configured, so that both survive a restart and hold across processes on one database.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_counters_reset_at_idx').on(t.resetAt)],
);

/**
 * Daily roll-ups of page views, kept as each view is recorded: one row per UTC day and bucket.
 * `dimension` is 'total' (value ''), 'path', 'referrer' (the referring host) or 'device'
 * (Mobile, Tablet, Desktop, Unknown by screen width). `visitors` counts the day's distinct
 * visitor hashes in the bucket. The dashboard reads these, never the raw views.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    views: integer('views').notNull(),
    visitors: integer('visitors').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.dimension, t.value] }),
    index('analytics_daily_dimension_idx').on(t.dimension, t.day),
  ],
);

/**
 * Which visitor hashes were already counted in a bucket today. Only today's rows matter (the
 * hash changes with the daily salt), so earlier days are deleted as the day turns.
 */
export const analyticsDailyVisitors = pgTable(
  'analytics_daily_visitors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    visitorHash: text('visitor_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.value, t.visitorHash] })],
);

// The blog's followers on the fediverse (issue 47).
export * from './schema-fediverse.ts';
// The newsletter's subscribers, issues and deliveries (issue 35).
export * from './schema-newsletter.ts';
export * from './schema-webmention.ts';
