/**
 * The owner's operations: posts (drafts included), moderation of comments and
 * guest posts, and the lists of what visitors sent. Every write that changes a
 * public read invalidates its cache keys.
 */
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, like, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { SEO_DESCRIPTION_LENGTH } from '../../../common/constants.ts';
import type {
  AdminAnalytics,
  AdminInboxItem,
  AdminSummary,
  InboxKind,
  InboxState,
  OutboxStatus,
} from '../../../common/schemas/admin.ts';
import type { BlogPostFormValues } from '../../../common/schemas/forms.ts';
import { markdownToPlainText, slugify, truncateText } from '../../../common/text.ts';
import type { Db } from '../../db/client.ts';
import {
  analyticsDaily,
  blogContributions,
  blogPosts,
  comments,
  contactMessages,
  notificationOutbox,
  quoteRequests,
  resumeRequests,
  skillEndorsements,
  skills,
} from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { renderMarkdown } from '../../lib/markdown.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import { BLOG_CACHE_PREFIX } from '../blog/service.ts';
import { COMMENTS_CACHE_PREFIX } from '../comments/service.ts';
import { ENDORSEMENTS_CACHE_PREFIX, SKILLS_CACHE_KEY } from '../skills/service.ts';

export interface PageQuery {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export const SLUG_TAKEN = 'A post with this slug already exists';

type PostRow = typeof blogPosts.$inferSelect;

/** The post fields the owner may change; anything else in an update is ignored. */
const POST_FIELDS = new Set<string>([
  'title',
  'slug',
  'summary',
  'content',
  'coverImage',
  'tags',
  'isPublished',
] satisfies (keyof BlogPostFormValues)[]);

export function adminPost(row: PostRow) {
  return withIsoDates(row);
}

const TOP_LIST_LENGTH = 10;
const DAY_MS = 86_400_000;

const inboxTables = { quote: quoteRequests, contact: contactMessages } as const;
const inboxWhere = (table: typeof quoteRequests | typeof contactMessages, state: InboxState) =>
  ({
    open: isNull(table.archivedAt),
    unread: and(isNull(table.archivedAt), isNull(table.readAt)),
    archived: isNotNull(table.archivedAt),
  })[state];

const withPreview = <T extends { content: string }>(row: T) => ({
  ...row,
  contentHtml: renderMarkdown(row.content),
});

const excerptOf = (content: string) => truncateText(markdownToPlainText(content), SEO_DESCRIPTION_LENGTH);

export function createAdminService(db: Db, cache: ReadCache, now: () => Date = () => new Date()) {
  const countOf = async (table: PgTable, where: SQL | undefined) =>
    (await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0;

  async function paged<T>(
    table: PgTable,
    where: SQL | undefined,
    query: PageQuery,
    rows: (offset: number) => Promise<T[]>,
  ) {
    return {
      items: await rows((query.page - 1) * query.pageSize),
      page: query.page,
      pageSize: query.pageSize,
      total: await countOf(table, where),
    } satisfies Page<T>;
  }

  const invalidatePosts = () => cache.invalidate(BLOG_CACHE_PREFIX);

  /** A free slug from `base`; `reader` is the transaction when called inside one (PGlite has one connection). */
  async function uniqueSlug(reader: Pick<Db, 'select'>, base: string): Promise<string> {
    const root = base || 'guest-post';
    const taken = await reader
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .where(like(blogPosts.slug, `${root}%`));
    const used = new Set(taken.map((r) => r.slug));
    if (!used.has(root)) return root;
    for (let n = 2; ; n++) if (!used.has(`${root}-${n}`)) return `${root}-${n}`;
  }

  return {
    // --- posts ---------------------------------------------------------------
    async listPosts(query: PageQuery) {
      return paged(blogPosts, undefined, query, async (offset) =>
        (
          await db
            .select()
            .from(blogPosts)
            .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id))
            .limit(query.pageSize)
            .offset(offset)
        ).map(adminPost),
      );
    },

    async getPost(id: number) {
      const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
      if (!row) throw notFound('Post not found');
      return adminPost(row);
    },

    async createPost(values: BlogPostFormValues, authorId: number) {
      const inserted = await db
        .insert(blogPosts)
        .values({
          ...values,
          excerpt: excerptOf(values.content),
          authorId,
          publishedAt: values.isPublished ? new Date() : null,
        })
        .onConflictDoNothing()
        .returning();
      const row = inserted[0];
      if (!row) throw new HttpError(409, SLUG_TAKEN, { slug: SLUG_TAKEN });
      invalidatePosts();
      return adminPost(row);
    },

    /** Edits any fields; publishing stamps publishedAt the first time, unpublishing keeps it. */
    async updatePost(id: number, sent: Partial<BlogPostFormValues>) {
      // Only the fields that were sent: an absent (or undefined) field keeps what is stored.
      const changes = Object.fromEntries(
        Object.entries(sent).filter(([key, value]) => value !== undefined && POST_FIELDS.has(key)),
      ) as Partial<BlogPostFormValues>;
      const current = await this.getPost(id);
      if (changes.slug && changes.slug !== current.slug) {
        const [clash] = await db
          .select({ id: blogPosts.id })
          .from(blogPosts)
          .where(eq(blogPosts.slug, changes.slug));
        if (clash) throw new HttpError(409, SLUG_TAKEN, { slug: SLUG_TAKEN });
      }
      const [row] = await db
        .update(blogPosts)
        .set({
          ...changes,
          ...(changes.content !== undefined ? { excerpt: excerptOf(changes.content) } : {}),
          ...(changes.isPublished && !current.publishedAt ? { publishedAt: new Date() } : {}),
          updatedAt: new Date(),
        })
        .where(eq(blogPosts.id, id))
        .returning();
      if (!row) throw notFound('Post not found');
      invalidatePosts();
      cache.invalidate(`${COMMENTS_CACHE_PREFIX}${id}`);
      return adminPost(row);
    },

    async deletePost(id: number) {
      const deleted = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
      if (deleted.length === 0) throw notFound('Post not found');
      invalidatePosts();
      cache.invalidate(`${COMMENTS_CACHE_PREFIX}${id}`);
    },

    // --- comments -----------------------------------------------------------------
    async listComments(status: 'pending' | 'approved' | 'spam' | 'all', query: PageQuery) {
      const where = {
        pending: and(eq(comments.isApproved, false), eq(comments.isSpam, false)),
        approved: and(eq(comments.isApproved, true), eq(comments.isSpam, false)),
        spam: eq(comments.isSpam, true),
        all: undefined,
      }[status];
      return paged(comments, where, query, async (offset) =>
        (
          await db
            .select({ comment: comments, postTitle: blogPosts.title, postSlug: blogPosts.slug })
            .from(comments)
            .innerJoin(blogPosts, eq(blogPosts.id, comments.postId))
            .where(where)
            .orderBy(desc(comments.createdAt), desc(comments.id))
            .limit(query.pageSize)
            .offset(offset)
        ).map(({ comment, postTitle, postSlug }) => ({ ...withIsoDates(comment), postTitle, postSlug })),
      );
    },

    /** Approve, reject (delete) or mark spam, for one or many comments; returns how many changed. */
    async moderateComments(ids: number[], action: 'approve' | 'reject' | 'spam'): Promise<number> {
      const affected =
        action === 'reject'
          ? await db.delete(comments).where(inArray(comments.id, ids)).returning({ postId: comments.postId })
          : await db
              .update(comments)
              .set(
                action === 'approve'
                  ? { isApproved: true, isSpam: false }
                  : { isApproved: false, isSpam: true },
              )
              .where(inArray(comments.id, ids))
              .returning({ postId: comments.postId });
      for (const postId of new Set(affected.map((row) => row.postId))) {
        cache.invalidate(`${COMMENTS_CACHE_PREFIX}${postId}`);
      }
      return affected.length;
    },

    // --- guest contributions -------------------------------------------------------
    async listContributions(status: 'pending' | 'reviewed' | 'all', query: PageQuery) {
      const where = {
        pending: eq(blogContributions.isReviewed, false),
        reviewed: eq(blogContributions.isReviewed, true),
        all: undefined,
      }[status];
      return paged(blogContributions, where, query, async (offset) =>
        (
          await db
            .select()
            .from(blogContributions)
            .where(where)
            .orderBy(desc(blogContributions.createdAt), desc(blogContributions.id))
            .limit(query.pageSize)
            .offset(offset)
        ).map((row) => withPreview(withIsoDates(row))),
      );
    },

    /**
     * Reviews a guest post. Approval turns it into a draft post (never published
     * directly) that the owner can edit and publish; its id is kept on the contribution.
     */
    async reviewContribution(
      id: number,
      action: 'approve' | 'reject' | 'spam',
      reviewNotes: string | undefined,
    ) {
      return db.transaction(async (tx) => {
        const [contribution] = await tx.select().from(blogContributions).where(eq(blogContributions.id, id));
        if (!contribution) throw notFound('Contribution not found');
        let postId = contribution.postId;
        if (action === 'approve' && !postId) {
          const [post] = await tx
            .insert(blogPosts)
            .values({
              title: contribution.title,
              slug: await uniqueSlug(tx, slugify(contribution.title)),
              summary: contribution.summary,
              content: contribution.content,
              coverImage: contribution.coverImage,
              tags: contribution.tags,
              excerpt: excerptOf(contribution.content),
              isPublished: false,
            })
            .returning({ id: blogPosts.id });
          postId = post?.id ?? null;
        }
        const [row] = await tx
          .update(blogContributions)
          .set({
            isReviewed: true,
            isApproved: action === 'approve',
            isSpam: action === 'spam',
            reviewNotes: reviewNotes ?? contribution.reviewNotes,
            postId,
          })
          .where(eq(blogContributions.id, id))
          .returning();
        if (!row) throw notFound('Contribution not found');
        invalidatePosts();
        return withPreview(withIsoDates(row));
      });
    },

    // --- inbox and records ------------------------------------------------------------
    /** What waits for the owner: the counts in the dashboard's navigation. */
    async summary(): Promise<AdminSummary> {
      const [pendingComments, pendingContributions, unreadQuotes, unreadContacts, notDownloaded] =
        await Promise.all([
          countOf(comments, and(eq(comments.isApproved, false), eq(comments.isSpam, false))),
          countOf(blogContributions, eq(blogContributions.isReviewed, false)),
          countOf(quoteRequests, inboxWhere(quoteRequests, 'unread')),
          countOf(contactMessages, inboxWhere(contactMessages, 'unread')),
          countOf(resumeRequests, eq(resumeRequests.accessed, false)),
        ]);
      return {
        pendingComments,
        pendingContributions,
        unreadRequests: unreadQuotes + unreadContacts,
        resumeRequestsNotDownloaded: notDownloaded,
      };
    },

    /**
     * Quote requests and contact messages in one list, newest first, optionally one kind only,
     * each with whether its notification email went out.
     */
    async listInbox(
      kind: InboxKind | 'all',
      state: InboxState,
      query: PageQuery,
    ): Promise<Page<AdminInboxItem>> {
      const kinds = kind === 'all' ? (['quote', 'contact'] as const) : [kind];
      const keys = kinds.map((k) => {
        const table = inboxTables[k];
        return db
          .select({ kind: sql<InboxKind>`${k}::text`.as('kind'), id: table.id, createdAt: table.createdAt })
          .from(table)
          .where(inboxWhere(table, state));
      });
      const totals = await Promise.all(
        kinds.map((k) => countOf(inboxTables[k], inboxWhere(inboxTables[k], state))),
      );
      const [first, second] = keys;
      if (!first) throw new Error('no inbox kind');
      const offset = (query.page - 1) * query.pageSize;
      const page = await (second ? first.unionAll(second) : first)
        .orderBy(desc(sql`created_at`), desc(sql`id`))
        .limit(query.pageSize)
        .offset(offset);
      const idsOf = (k: InboxKind) => page.filter((row) => row.kind === k).map((row) => row.id);
      const quoteIds = idsOf('quote');
      const contactIds = idsOf('contact');
      const [quotes, contacts, deliveries] = await Promise.all([
        quoteIds.length ? db.select().from(quoteRequests).where(inArray(quoteRequests.id, quoteIds)) : [],
        contactIds.length
          ? db.select().from(contactMessages).where(inArray(contactMessages.id, contactIds))
          : [],
        page.length
          ? db
              .select({
                kind: notificationOutbox.kind,
                sourceId: notificationOutbox.sourceId,
                status: notificationOutbox.status,
              })
              .from(notificationOutbox)
              .where(
                and(
                  inArray(notificationOutbox.kind, [...kinds]),
                  inArray(
                    notificationOutbox.sourceId,
                    page.map((row) => row.id),
                  ),
                ),
              )
              .orderBy(notificationOutbox.id)
          : [],
      ]);
      const status = new Map<string, OutboxStatus>(
        deliveries.map((row) => [`${row.kind}:${row.sourceId}`, row.status]),
      );
      const emailStatus = (k: InboxKind, id: number) => status.get(`${k}:${id}`) ?? 'unknown';
      const byKey = new Map<string, AdminInboxItem>([
        ...quotes.map(
          (row) =>
            [
              `quote:${row.id}`,
              { kind: 'quote' as const, ...withIsoDates(row), emailStatus: emailStatus('quote', row.id) },
            ] as const,
        ),
        ...contacts.map(
          (row) =>
            [
              `contact:${row.id}`,
              { kind: 'contact' as const, ...withIsoDates(row), emailStatus: emailStatus('contact', row.id) },
            ] as const,
        ),
      ]);
      return {
        items: page.flatMap((row) => byKey.get(`${row.kind}:${row.id}`) ?? []),
        page: query.page,
        pageSize: query.pageSize,
        total: totals.reduce((sum, n) => sum + n, 0),
      };
    },

    /** Marks an inbox item read or unread, archived or back in the inbox. */
    async updateInboxItem(kind: InboxKind, id: number, changes: { read?: boolean; archived?: boolean }) {
      const table = inboxTables[kind];
      const at = now();
      const [row] = await db
        .update(table)
        .set({
          ...(changes.read === undefined
            ? {}
            : { readAt: changes.read ? sql`coalesce(${table.readAt}, ${at})` : null }),
          ...(changes.archived === undefined
            ? {}
            : { archivedAt: changes.archived ? sql`coalesce(${table.archivedAt}, ${at})` : null }),
        })
        .where(eq(table.id, id))
        .returning({ id: table.id });
      if (!row) throw notFound(kind === 'quote' ? 'Quote request not found' : 'Message not found');
    },

    /**
     * Page views and visitors per UTC day for the last `days` days, the top pages and referrers,
     * and devices: read from the daily roll-ups (a few rows per day), never from the raw views.
     */
    async analytics(days: number): Promise<AdminAnalytics> {
      const today = new Date(`${now().toISOString().slice(0, 10)}T00:00:00.000Z`);
      const since = new Date(today.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
      const inRange = (dimension: string) =>
        and(eq(analyticsDaily.dimension, dimension), gte(analyticsDaily.day, since));
      const views = sql<number>`sum(${analyticsDaily.views})::int`;
      const visitors = sql<number>`sum(${analyticsDaily.visitors})::int`;
      const top = (dimension: string, limit?: number) => {
        const query = db
          .select({ value: analyticsDaily.value, views, visitors })
          .from(analyticsDaily)
          .where(inRange(dimension))
          .groupBy(analyticsDaily.value)
          .orderBy(desc(views), analyticsDaily.value);
        return limit ? query.limit(limit) : query;
      };
      const [perDay, topPages, topReferrers, devices] = await Promise.all([
        db
          .select({
            date: analyticsDaily.day,
            views: analyticsDaily.views,
            visitors: analyticsDaily.visitors,
          })
          .from(analyticsDaily)
          .where(inRange('total')),
        top('path', TOP_LIST_LENGTH),
        top('referrer', TOP_LIST_LENGTH),
        top('device'),
      ]);
      const counted = new Map(perDay.map((row) => [row.date, row]));
      const dayList = Array.from({ length: days }, (_, i) => {
        const date = new Date(today.getTime() - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10);
        const row = counted.get(date);
        return { date, views: row?.views ?? 0, visitors: row?.visitors ?? 0 };
      });
      return {
        days: dayList,
        totals: dayList.reduce(
          (sum, day) => ({ views: sum.views + day.views, visitors: sum.visitors + day.visitors }),
          { views: 0, visitors: 0 },
        ),
        topPages: topPages.map(({ value, ...counts }) => ({ path: value, ...counts })),
        topReferrers: topReferrers.map(({ value, ...counts }) => ({ referrer: value, ...counts })),
        devices: devices.map(({ value, ...counts }) => ({
          device: value as AdminAnalytics['devices'][number]['device'],
          ...counts,
        })),
      };
    },

    async listQuotes(query: PageQuery) {
      return paged(quoteRequests, undefined, query, async (offset) =>
        (
          await db
            .select()
            .from(quoteRequests)
            .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
            .limit(query.pageSize)
            .offset(offset)
        ).map(withIsoDates),
      );
    },
    async listContacts(query: PageQuery) {
      return paged(contactMessages, undefined, query, async (offset) =>
        (
          await db
            .select()
            .from(contactMessages)
            .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
            .limit(query.pageSize)
            .offset(offset)
        ).map(withIsoDates),
      );
    },
    async listResumeRequests(query: PageQuery) {
      return paged(resumeRequests, undefined, query, async (offset) =>
        (
          await db
            .select()
            .from(resumeRequests)
            .orderBy(desc(resumeRequests.createdAt), desc(resumeRequests.id))
            .limit(query.pageSize)
            .offset(offset)
        )
          // The token hash is no use to the owner and stays in the database.
          .map(({ accessTokenHash: _hash, ...rest }) => withIsoDates(rest)),
      );
    },
    async listEndorsements(query: PageQuery, skillId?: number) {
      const where = skillId ? eq(skillEndorsements.skillId, skillId) : undefined;
      return paged(skillEndorsements, where, query, async (offset) =>
        (
          await db
            .select({ endorsement: skillEndorsements, skillName: skills.name })
            .from(skillEndorsements)
            .innerJoin(skills, eq(skills.id, skillEndorsements.skillId))
            .where(where)
            .orderBy(desc(skillEndorsements.createdAt), desc(skillEndorsements.id))
            .limit(query.pageSize)
            .offset(offset)
        ).map(({ endorsement, skillName }) => ({ ...withIsoDates(endorsement), skillName })),
      );
    },

    /** Removes an abusive endorsement; the skill's count follows. */
    async deleteEndorsement(id: number) {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(skillEndorsements).where(eq(skillEndorsements.id, id)).returning();
        if (!row) throw notFound('Endorsement not found');
        await tx
          .update(skills)
          .set({ endorsementCount: sql`greatest(${skills.endorsementCount} - 1, 0)` })
          .where(eq(skills.id, row.skillId));
        cache.invalidate(SKILLS_CACHE_KEY, `${ENDORSEMENTS_CACHE_PREFIX}${row.skillId}`);
      });
    },
  };
}

type WithIsoDates<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

/** Dates become ISO strings for JSON answers. */
function withIsoDates<T extends Record<string, unknown>>(row: T): WithIsoDates<T> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  ) as WithIsoDates<T>;
}

export type AdminService = ReturnType<typeof createAdminService>;
