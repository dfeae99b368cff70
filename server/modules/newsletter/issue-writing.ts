/**
 * How an issue is written and queued, for the automatic issues and the owner's: a free slug, the
 * deliveries of its audience in one INSERT … SELECT, and a sent issue created once.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers } from '../../db/schema.ts';
import type { Site } from './email.tsx';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Audience = 'each' | 'monthly' | 'all';
export type IssueRow = typeof newsletterIssues.$inferSelect;

export interface IssueOptions {
  db: Db;
  site: Site;
  timeZone: string;
  now: () => Date;
  /** An issue was sent: its page, the archive and the sitemap change (the read and page caches). */
  onSent?: (issueId: number) => void;
}

const audienceOf = (kind: IssueRow['kind']): Audience =>
  kind === 'post' ? 'each' : kind === 'roundup' ? 'monthly' : 'all';

export function issueWriting({ db, now, onSent = () => {} }: IssueOptions) {
  /** A slug no other issue has: the base, then base-2, base-3 … */
  async function freeSlug(reader: Pick<Db, 'select'>, base: string): Promise<string> {
    const stem = (base || 'issue').slice(0, 80);
    const taken = new Set(
      (
        await reader
          .select({ slug: newsletterIssues.slug })
          .from(newsletterIssues)
          .where(sql`${newsletterIssues.slug} = ${stem} or ${newsletterIssues.slug} like ${`${stem}-%`}`)
      ).map((row) => row.slug),
    );
    let slug = stem;
    for (let n = 2; taken.has(slug); n++) slug = `${stem}-${n}`;
    return slug;
  }

  /** Queues the issue for its audience; returns how many deliveries were added. */
  async function queue(tx: Tx, issueId: number, audience: Audience, confirmedBefore?: Date): Promise<number> {
    const cadence = audience === 'all' ? sql`` : sql`and cadence = ${audience}`;
    const before = confirmedBefore ? sql`and confirmed_at < ${confirmedBefore.toISOString()}` : sql``;
    const result = await tx.execute(sql`
      with added as (
        insert into ${newsletterDeliveries} (issue_id, subscriber_id)
        select ${issueId}, id from ${newsletterSubscribers}
        where status = 'confirmed' and bounces < 3 ${cadence} ${before}
        on conflict do nothing
        returning 1
      )
      select count(*)::int as n from added`);
    const n = (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    await tx
      .update(newsletterIssues)
      .set({ recipients: sql`${newsletterIssues.recipients} + ${n}` })
      .where(eq(newsletterIssues.id, issueId));
    return n;
  }

  /** Creates a sent issue unless its slug or post has one already; queues it. Null when it existed. */
  async function createSent(
    values: Pick<IssueRow, 'slug' | 'kind' | 'subject' | 'body'> & { postId?: number },
    confirmedBefore?: Date,
  ): Promise<IssueRow | null> {
    return db
      .transaction(async (tx) => {
        const at = now();
        const [issue] = await tx
          .insert(newsletterIssues)
          .values({ ...values, status: 'sent', sentAt: at, createdAt: at, updatedAt: at })
          .onConflictDoNothing()
          .returning();
        if (!issue) return null;
        const recipients = await queue(tx, issue.id, audienceOf(issue.kind), confirmedBefore);
        return { ...issue, recipients };
      })
      .then((issue) => {
        if (issue) onSent(issue.id);
        return issue;
      });
  }

  return { freeSlug, queue, createSent };
}

export type IssueWriting = ReturnType<typeof issueWriting>;
