import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { contributionSchema } from '../../../common/schemas/contributions.ts';
import type { PageQuery } from '../../../common/schemas/shared.ts';
import type { Db } from '../../db/client.ts';
import { countOf, newestFirst, withIsoDates } from '../../db/paging.ts';
import { blogContributions } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { renderMarkdown } from '../../lib/markdown.ts';
import type { BlogService } from '../blog/service.ts';
import { enqueueNotification } from '../notifications/service.ts';

type Contribution = z.output<typeof contributionSchema>;

const reviewWhere = {
  pending: eq(blogContributions.isReviewed, false),
  reviewed: eq(blogContributions.isReviewed, true),
  all: undefined,
} as const;

// The owner reads a guest post as it would look published.
const withPreview = async <T extends { content: string }>(row: T) => ({
  ...row,
  contentHtml: await renderMarkdown(row.content),
});

/**
 * `makeCover` draws a cover for a guest post sent without one (as the editor does for the
 * owner's posts) and returns its address.
 */
export function createContributionService(
  db: Db,
  blog: Pick<BlogService, 'createDraft'>,
  makeCover: (title: string, tags: string[]) => Promise<string>,
) {
  return {
    /** Stores a guest post unreviewed, unapproved and not spam, and notifies the owner. */
    async submit(contribution: Contribution, ipAddress: string): Promise<void> {
      const { captchaToken: _captcha, website: _honeypot, formToken: _token, ...values } = contribution;
      await db.transaction(async (tx) => {
        await tx
          .insert(blogContributions)
          .values({ ...values, ipAddress, isReviewed: false, isApproved: false, isSpam: false });
        await enqueueNotification(tx, {
          kind: 'contribution',
          subject: `Guest post submitted: ${values.title}`,
          fields: {
            Title: values.title,
            Author: values.authorName,
            Email: values.authorEmail,
            Tags: values.tags.join(', '),
            Summary: values.summary,
          },
        });
      });
    },

    // --- review ---------------------------------------------------------------------
    async list(status: 'pending' | 'reviewed' | 'all', query: PageQuery) {
      const where = reviewWhere[status];
      return newestFirst(db, blogContributions, query, {
        where,
        by: [blogContributions.createdAt, blogContributions.id],
        map: (row) => withPreview(withIsoDates(row)),
      });
    },

    /** How many guest posts wait for review. */
    async pendingCount(): Promise<number> {
      return countOf(db, blogContributions, reviewWhere.pending);
    },

    /**
     * Reviews a guest post. Approval turns it into a draft post (never published
     * directly) that the owner can edit and publish; its id is kept on the contribution.
     */
    async review(id: number, action: 'approve' | 'reject' | 'spam', reviewNotes: string | undefined) {
      return db.transaction(async (tx) => {
        const [contribution] = await tx.select().from(blogContributions).where(eq(blogContributions.id, id));
        if (!contribution) throw notFound('Contribution not found');
        let postId = contribution.postId;
        if (action === 'approve' && !postId) {
          const { title, summary, content, tags, authorName } = contribution;
          const coverImage = contribution.coverImage || (await makeCover(title, tags));
          postId = await blog.createDraft(tx, {
            title,
            summary,
            content,
            coverImage,
            tags,
            guestAuthor: authorName,
          });
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
        return withPreview(withIsoDates(row));
      });
    },
  };
}

export type ContributionService = ReturnType<typeof createContributionService>;
