/**
 * What the list receives: a new post when it goes live (to those who chose every post), the
 * month's roundup (to those who chose monthly) and the owner's own issues (to everyone on the
 * list). Sending an issue is one INSERT … SELECT of its deliveries, so 10,000 readers are queued
 * in a few milliseconds; the sender (sender.ts) delivers them at the configured rate. An issue is
 * created once per post or month (a unique key), so restarts and other processes never queue it
 * twice; each delivery is unique per issue and reader, so nobody gets an issue twice.
 *
 * Put together from its parts (issue 63): how an issue is written and queued (issue-writing.ts),
 * the automatic issues (automatic-issues.ts) and the archive (issue-archive.ts); the owner's
 * drafts here.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  DRAFT_DELETED_ELSEWHERE,
  DRAFT_SENT_ELSEWHERE,
  UNSAVED_DRAFT,
} from '../../../common/edit-messages.ts';
import type {
  IssueDraftInput,
  IssueEditInput,
  IssueShown,
  IssueSummary,
} from '../../../common/schemas/newsletter.ts';
import { slugify } from '../../../common/text.ts';
import { withIsoDates } from '../../db/paging.ts';
import { newsletterDeliveries, newsletterIssues } from '../../db/schema.ts';
import { changedElsewhere, goneElsewhere, unchangedSince } from '../../lib/edit-versions.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { automaticIssues } from './automatic-issues.ts';
import type { Site } from './email.tsx';
import type { EmailImages } from './email-images.ts';
import { bodyHtml, issueArchive } from './issue-archive.ts';
import { type IssueOptions, type IssueRow, issueWriting } from './issue-writing.ts';

export { bodyHtml } from './issue-archive.ts';
export type { IssueOptions } from './issue-writing.ts';

/** Text as a save stores it, for comparing: its line breaks one kind, no space around it. */
const asSaved = (text: string) => text.replace(/\r\n?/g, '\n').trim();

/**
 * A test or a send pressed while the editor shows something else than the saved draft: refused
 * (409, `UNSAVED_DRAFT`), since the preview, the test and the email are the saved one.
 */
export function refuseUnsaved(saved: { subject: string; body: string }, shown: IssueShown): void {
  if (!shown) return;
  if (asSaved(shown.subject) !== asSaved(saved.subject) || asSaved(shown.body) !== asSaved(saved.body)) {
    throw new HttpError(409, UNSAVED_DRAFT);
  }
}

export function issueDesk(options: IssueOptions) {
  const { db, now, onSent = () => {} } = options;
  const writing = issueWriting(options);
  const { freeSlug, queue } = writing;

  return {
    ...automaticIssues(options, writing),
    ...issueArchive(db),

    /** The owner's new issue, kept as a draft until it is sent. */
    async createDraft(input: IssueDraftInput): Promise<IssueRow> {
      const [row] = await db
        .insert(newsletterIssues)
        .values({
          slug: await freeSlug(db, slugify(input.subject)),
          kind: 'issue',
          subject: input.subject,
          body: input.body,
        })
        .returning();
      if (!row) throw new Error('issue not stored');
      return row;
    },

    /**
     * Edits a draft; a sent issue is a 409 (its readers have it as it was), and so is a draft saved
     * over since the version the edit is `basedOn` (edit-versions.ts); one deleted since is a 404
     * that says so.
     */
    async updateDraft(id: number, input: IssueEditInput): Promise<IssueRow> {
      const [row] = await db
        .update(newsletterIssues)
        .set({ subject: input.subject, body: input.body, updatedAt: now() })
        .where(
          and(
            eq(newsletterIssues.id, id),
            eq(newsletterIssues.status, 'draft'),
            unchangedSince(newsletterIssues.updatedAt, input.basedOn),
          ),
        )
        .returning();
      if (row) return row;
      const [stored] = await db
        .select({ status: newsletterIssues.status })
        .from(newsletterIssues)
        .where(eq(newsletterIssues.id, id));
      // Deleted or sent since the editor opened it: it says so, and keeps what was typed for a new draft.
      const opened = input.basedOn !== undefined;
      if (!stored) throw opened ? goneElsewhere(DRAFT_DELETED_ELSEWHERE) : notFound('Issue not found');
      if (stored.status === 'draft') throw changedElsewhere('This draft', 'Save draft');
      throw opened
        ? goneElsewhere(DRAFT_SENT_ELSEWHERE, 409)
        : new HttpError(409, 'This issue was sent already');
    },

    async removeDraft(id: number): Promise<void> {
      const [row] = await db
        .delete(newsletterIssues)
        .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, 'draft')))
        .returning({ id: newsletterIssues.id });
      if (row) return;
      await this.get(id);
      throw new HttpError(409, 'This issue was sent already');
    },

    async get(id: number): Promise<IssueRow> {
      const [row] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
      if (!row) throw notFound('Issue not found');
      return row;
    },

    /**
     * Sends the owner's draft to everyone on the list, once: a second press is a 409, and so is a
     * press while the editor shows something else (`shown`, `refuseUnsaved`).
     */
    async send(id: number, shown?: IssueShown): Promise<IssueRow> {
      const sent = await db.transaction(async (tx) => {
        if (shown) {
          const [draft] = await tx
            .select()
            .from(newsletterIssues)
            .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, 'draft')))
            .for('update');
          if (draft) refuseUnsaved(draft, shown);
        }
        const at = now();
        const [row] = await tx
          .update(newsletterIssues)
          .set({ status: 'sent', sentAt: at, updatedAt: at })
          .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, 'draft')))
          .returning();
        if (!row) return null;
        const recipients = await queue(tx, row.id, 'all');
        return { ...row, recipients };
      });
      if (sent) {
        onSent(sent.id);
        return sent;
      }
      await this.get(id);
      throw new HttpError(409, 'This issue was sent already');
    },

    /** Every issue with its deliveries counted, newest first (the dashboard). */
    async summaries(limit = 50): Promise<IssueSummary[]> {
      // The outer row's id named with its table: inside the subquery a bare "id" is the delivery's.
      const counted = (status: string) =>
        sql<number>`(select count(*)::int from ${newsletterDeliveries} d where d.issue_id = newsletter_issues.id and d.status = ${status})`;
      const rows = await db
        .select({
          id: newsletterIssues.id,
          slug: newsletterIssues.slug,
          kind: newsletterIssues.kind,
          subject: newsletterIssues.subject,
          status: newsletterIssues.status,
          createdAt: newsletterIssues.createdAt,
          sentAt: newsletterIssues.sentAt,
          recipients: newsletterIssues.recipients,
          delivered: counted('sent'),
          waiting: counted('pending'),
          failed: counted('failed'),
          bounced: counted('bounced'),
        })
        .from(newsletterIssues)
        .orderBy(sql`${newsletterIssues.sentAt} desc nulls first`, desc(newsletterIssues.id))
        .limit(limit);
      return rows.map(withIsoDates);
    },
  };
}

/** The body as its email shows it: its images as JPEG or PNG any origin may load, sized (email-images.ts). */
export async function emailBodyHtml(markdown: string, site: Site, images: EmailImages | undefined) {
  const html = await bodyHtml(markdown);
  return images ? images.rewrite(html, site.url) : html;
}

export type IssueDesk = ReturnType<typeof issueDesk>;
