/** The owner's side of the blog service: writing, editing, publishing and deleting posts (service.ts spreads these in). */
import { randomBytes } from 'node:crypto';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { postPath } from '../../../common/blog-paths.ts';
import { POST_DELETED_ELSEWHERE } from '../../../common/edit-messages.ts';
import { type BlogPostFormValues, blogPostFormSchema } from '../../../common/schemas/blog.ts';
import type { PageQuery } from '../../../common/schemas/shared.ts';
import { slugify } from '../../../common/text.ts';
import type { Db } from '../../db/client.ts';
import { newestFirst } from '../../db/paging.ts';
import { appMeta, blogPosts, postRedirects } from '../../db/schema.ts';
import { changedElsewhere, goneElsewhere, unchangedSince } from '../../lib/edit-versions.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { IDENTICAL_POST_WINDOW_MS } from '../../lib/identical-posts.ts';
import type { PublishedPost, SiteEvents } from '../../lib/site-events.ts';
import { importedPosts } from './imported-posts.ts';
import { adminPostOf, type DraftValues, excerptOf, POST_FIELD_NAMES, SLUG_TAKEN } from './post-rows.ts';
import { canonicalTags, renameTag, tagsInUse } from './tags.ts';

/** The post fields the owner may change; anything else in an update is ignored. */
const POST_FIELDS = new Set<string>(POST_FIELD_NAMES);

/**
 * A post's address changed: a post that has been out keeps its old one, so that every link to it
 * (shared, in a sent newsletter, in a search engine's results) leads on with a 301 (the old-address
 * lookup of imports, service.ts); its new address, if it was an old one, is its own again.
 */
async function keepOldAddress(
  db: Db,
  before: { id: number; slug: string; publishedAt: Date | null },
  slug: string,
  at: Date,
) {
  await db.delete(postRedirects).where(eq(postRedirects.path, postPath(slug)));
  if (!before.publishedAt || before.publishedAt > at) return;
  await db
    .insert(postRedirects)
    .values({ path: postPath(before.slug), postId: before.id })
    .onConflictDoUpdate({ target: postRedirects.path, set: { postId: before.id } });
}

/** `post-gone:<path>`: an address of a post deleted after it had been out, answered 410 Gone. */
export const POST_GONE = 'post-gone:';

/**
 * A post deleted after it had been out: its address and its old ones (imported, or its own before a
 * rename) are kept as gone, so that a link to it is answered 410 (a search engine drops it), not 404.
 */
async function keepGoneAddresses(db: Db, id: number, at: Date) {
  const [post] = await db
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), lte(blogPosts.publishedAt, at)));
  if (!post) return;
  const old = await db
    .select({ path: postRedirects.path })
    .from(postRedirects)
    .where(eq(postRedirects.postId, id));
  const value = at.toISOString();
  await db
    .insert(appMeta)
    .values(
      [postPath(post.slug), ...old.map((row) => row.path)].map((path) => ({ key: POST_GONE + path, value })),
    )
    .onConflictDoNothing();
}

/** What the owner's side of the blog needs of the service. */
export interface OwnerPostContext {
  db: Db;
  now: () => Date;
  events: Pick<SiteEvents, 'emit'> | undefined;
  coverFor: ((title: string, tags: string[]) => Promise<string>) | undefined;
  invalidatePosts: () => void;
  renderedColumns: (content: string) => Promise<Record<string, unknown>>;
  uniqueSlug: (reader: Pick<Db, 'select'>, base: string) => Promise<string>;
}

/** Reader inside or outside a transaction (PGlite has one connection: a transaction's work goes through it). */
type Tx = Pick<Db, 'select' | 'insert' | 'execute'>;

/**
 * The owner's side of the blog: every post (drafts and scheduled ones too), writing, editing,
 * publishing, the private preview link, the tags in use, deleting, and drafts from guest posts.
 */
/** Whether a post is on the site at `at`: published, its time come. */
export const isLive = (post: { isPublished: boolean; publishedAt: Date | null }, at: Date) =>
  post.isPublished && post.publishedAt !== null && post.publishedAt <= at;

export const publishedPost = (post: {
  id: number;
  slug: string;
  title: string;
  publishedAt: Date | null;
}): PublishedPost => ({
  id: post.id,
  slug: post.slug,
  title: post.title,
  publishedAt: post.publishedAt ?? new Date(0),
});

/**
 * The post made a moment ago at this address from the same fields, within the while identical
 * posts are one (identical-posts.ts): sent again, it is that post; else the address is taken.
 */
async function madeMomentsAgo(db: Db, at: Date, values: BlogPostFormValues, tags: string[]) {
  const since = new Date(at.getTime() - IDENTICAL_POST_WINDOW_MS);
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, values.slug), gte(blogPosts.createdAt, since)));
  const same =
    row &&
    (['title', 'summary', 'content', 'isPublished', 'metaDescription', 'canonicalUrl'] as const).every(
      (field) => row[field] === values[field],
    ) &&
    // A cover left empty was drawn for the first.
    (!values.coverImage || row.coverImage === values.coverImage) &&
    row.tags.join('\n') === tags.join('\n');
  if (!same) throw new HttpError(409, SLUG_TAKEN, { slug: SLUG_TAKEN });
  return row;
}

export function ownerPostMethods({
  db,
  now,
  events,
  coverFor,
  invalidatePosts,
  renderedColumns,
  uniqueSlug,
}: OwnerPostContext) {
  /**
   * A new post, from the editor or an import: one without a cover gets a generated one (the
   * form's hint promises it; an imported post gets it too, in the site's look).
   */
  async function createPost(values: BlogPostFormValues, authorId: number) {
    const tags = await canonicalTags(db, values.tags);
    const coverImage = values.coverImage || ((await coverFor?.(values.title, tags)) ?? '');
    const { publishAt, ...fields } = { ...values, tags, coverImage };
    const inserted = await db
      .insert(blogPosts)
      .values({
        ...fields,
        ...(await renderedColumns(values.content)),
        excerpt: excerptOf(values.content),
        authorId,
        publishedAt: publishAt ? new Date(publishAt) : values.isPublished ? now() : null,
      })
      .onConflictDoNothing()
      .returning();
    const row = inserted[0];
    // Taken: by this very post, sent twice (a double press, a resend by a reload), or refused.
    if (!row) return adminPostOf(await madeMomentsAgo(db, now(), values, tags), now());
    invalidatePosts();
    const at = now();
    if (isLive(row, at)) events?.emit('post-published', publishedPost(row));
    return adminPostOf(row, at);
  }

  return {
    ...importedPosts({ db, coverFor, invalidatePosts }),

    /** Every post, drafts included, most recently changed first. */
    async listPosts(query: PageQuery) {
      const at = now();
      return newestFirst(db, blogPosts, query, {
        by: [blogPosts.updatedAt, blogPosts.id],
        map: (row) => adminPostOf(row, at),
      });
    },

    async getPost(id: number) {
      const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
      if (!row) throw notFound('Post not found');
      return adminPostOf(row, now());
    },

    createPost,

    /**
     * Edits any fields. Publishing stamps publishedAt the first time, unpublishing keeps it; a
     * publish time sent replaces it (a future one schedules the post), null publishes now a post
     * that was scheduled. `basedOn`, the post's `updatedAt` as the editor opened it: a save based on
     * a version saved over since is refused (409), whatever it holds; one based on a post deleted
     * since says so (404) and offers to create it anew.
     */
    async updatePost(id: number, sent: Partial<BlogPostFormValues> & { basedOn?: string }) {
      // Only the fields that were sent: an absent (or undefined) field keeps what is stored.
      const changes = Object.fromEntries(
        Object.entries(sent).filter(([key, value]) => value !== undefined && POST_FIELDS.has(key)),
      ) as Partial<BlogPostFormValues>;
      if (changes.tags) changes.tags = await canonicalTags(db, changes.tags);
      const [current] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
      if (!current)
        throw sent.basedOn === undefined ? notFound('Post not found') : goneElsewhere(POST_DELETED_ELSEWHERE);
      // A cover taken away is drawn anew: every post has one.
      if (changes.coverImage === '' && coverFor) {
        changes.coverImage = await coverFor(changes.title ?? current.title, changes.tags ?? current.tags);
      }
      if (changes.slug && changes.slug !== current.slug) {
        const [clash] = await db
          .select({ id: blogPosts.id })
          .from(blogPosts)
          .where(eq(blogPosts.slug, changes.slug));
        if (clash) throw new HttpError(409, SLUG_TAKEN, { slug: SLUG_TAKEN });
      }
      const at = now();
      const publishing = changes.isPublished ?? current.isPublished;
      // A draft may be short (an imported post); a published post meets the editor's minimums.
      if (publishing) {
        const whole = blogPostFormSchema.pick({ title: true, summary: true, content: true }).safeParse({
          title: changes.title ?? current.title,
          summary: changes.summary ?? current.summary,
          content: changes.content ?? current.content,
        });
        const issue = whole.error?.issues[0];
        if (issue) throw new HttpError(400, issue.message, { [String(issue.path[0])]: issue.message });
      }
      let publishedAt: Date | null | undefined;
      if (typeof sent.publishAt === 'string') publishedAt = new Date(sent.publishAt);
      else if (sent.publishAt === null && current.publishedAt && current.publishedAt > at) publishedAt = at;
      else if (publishing && !current.publishedAt) publishedAt = at;
      const [row] = await db
        .update(blogPosts)
        .set({
          ...changes,
          ...(changes.content !== undefined
            ? { excerpt: excerptOf(changes.content), ...(await renderedColumns(changes.content)) }
            : {}),
          ...(publishedAt !== undefined ? { publishedAt } : {}),
          updatedAt: at,
        })
        .where(
          and(
            eq(blogPosts.id, id),
            // Saved over since the editor read it (even since the read above): nothing is written.
            unchangedSince(blogPosts.updatedAt, sent.basedOn),
          ),
        )
        .returning();
      if (!row) {
        if (sent.basedOn === undefined) throw notFound('Post not found');
        // Not written: saved over since, or deleted since the read above (each says so).
        const [still] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, id));
        throw still ? changedElsewhere('This post', 'Update Post') : goneElsewhere(POST_DELETED_ELSEWHERE);
      }
      if (row.slug !== current.slug) await keepOldAddress(db, current, row.slug, at);
      invalidatePosts();
      // A post taken off the site takes its comments with it.
      events?.emit('post-changed', id);
      if (isLive(row, at) && !isLive(current, at)) events?.emit('post-published', publishedPost(row));
      return adminPostOf(row, at);
    },

    /** Opens (or replaces) the draft's private preview link; the post with its secret. */
    async openPreviewLink(id: number) {
      const [row] = await db
        .update(blogPosts)
        .set({ previewToken: randomBytes(24).toString('base64url') })
        .where(eq(blogPosts.id, id))
        .returning();
      if (!row) throw notFound('Post not found');
      return adminPostOf(row, now());
    },

    /** Closes the preview link: whoever has it sees 'Post Not Found' from now on. */
    async revokePreviewLink(id: number) {
      const [row] = await db
        .update(blogPosts)
        .set({ previewToken: null })
        .where(eq(blogPosts.id, id))
        .returning();
      if (!row) throw notFound('Post not found');
      return adminPostOf(row, now());
    },

    /** The existing tags of every post, most used first, for the editor's suggestions. */
    async allTags(): Promise<string[]> {
      const result = await db.execute<{ name: string }>(sql`
        select tag as name from ${blogPosts}, unnest(${blogPosts.tags}) as tag
        group by tag order by count(*) desc, tag limit 200`);
      return (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
    },

    /** Every tag with the number of posts (drafts too) carrying it: the owner's list. */
    tagsInUse: () => tagsInUse(db),

    /** Renames a tag on every post (a merge when the new name is a tag already); how many changed. */
    async renameTag(from: string, to: string): Promise<number> {
      const changed = await renameTag(db, from, to);
      if (changed > 0) invalidatePosts();
      return changed;
    },

    async deletePost(id: number) {
      const deleted = await db.transaction(async (tx) => {
        await keepGoneAddresses(tx, id, now());
        return tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
      });
      if (deleted.length === 0) throw notFound('Post not found');
      invalidatePosts();
      events?.emit('post-changed', id);
    },

    /** A draft (never published directly) under a free slug from its title; its id. */
    async createDraft(tx: Tx, values: DraftValues): Promise<number | null> {
      const [post] = await tx
        .insert(blogPosts)
        .values({
          ...values,
          tags: await canonicalTags(tx, values.tags),
          slug: await uniqueSlug(tx, slugify(values.title)),
          ...(await renderedColumns(values.content)),
          excerpt: excerptOf(values.content),
          isPublished: false,
        })
        .returning({ id: blogPosts.id });
      invalidatePosts();
      return post?.id ?? null;
    },
  };
}
