/**
 * The owner's side of the newsletter's list: the list (searched, by state), the counts, growth by
 * month, the week's new addresses for the digest, the unconfirmed forgotten, someone removed
 * with everything kept about them.
 */
import { and, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { describeSource } from '../../../common/lead-source.ts';
import type { Subscriber, SubscriberState } from '../../../common/schemas/newsletter.ts';
import type { Page, PageQuery } from '../../../common/schemas/shared.ts';
import type { Db } from '../../db/client.ts';
import { newestPage, paged, withIsoDates } from '../../db/paging.ts';
import { newsletterSubscribers, notificationOutbox } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';

/** Days an address may stay unconfirmed before it is forgotten (the privacy page says so). */
export const UNCONFIRMED_DAYS = 30;

type Row = typeof newsletterSubscribers.$inferSelect;

function asSubscriber(row: Row): Subscriber {
  const {
    emailKey: _key,
    mailboxKey: _mailbox,
    confirmHash: _confirm,
    legacyLinkHash: _legacy,
    confirmationSentAt: _sent,
    leadSource,
    ...rest
  } = row;
  return { ...withIsoDates(rest), leadSource: leadSource ? describeSource(leadSource) : '' };
}

export function ownerSide({ db, now }: { db: Db; now: () => Date }) {
  return {
    /** The owner's list, newest first: one state or all, searched by address, name or source. */
    async list(state: SubscriberState, search: string, query: PageQuery): Promise<Page<Subscriber>> {
      const conditions: SQL[] = [];
      if (state !== 'all') conditions.push(eq(newsletterSubscribers.status, state));
      const words = search.trim();
      if (words) {
        const like = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          or(
            ilike(newsletterSubscribers.email, like),
            ilike(newsletterSubscribers.name, like),
            ilike(newsletterSubscribers.source, like),
          ) as SQL,
        );
      }
      const where = conditions.length ? and(...conditions) : undefined;
      return paged(db, newsletterSubscribers, where, query, async (offset) => {
        const rows = await newestPage(
          db.select().from(newsletterSubscribers).where(where).$dynamic(),
          [newsletterSubscribers.createdAt, newsletterSubscribers.id],
          query,
          offset,
        );
        return rows.map(asSubscriber);
      });
    },

    /** How many in each state. */
    async counts(): Promise<Record<Subscriber['status'], number>> {
      const rows = await db
        .select({ status: newsletterSubscribers.status, n: sql<number>`count(*)::int` })
        .from(newsletterSubscribers)
        .groupBy(newsletterSubscribers.status);
      const counts = { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 };
      for (const row of rows) counts[row.status] = row.n;
      return counts;
    },

    /** Sign-ups and confirmations per month (owner's calendar), the last 12 months, oldest first. */
    async growth(timeZone: string) {
      const month = (column: SQL) => sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM')`;
      const since = sql`now() - interval '12 months'`;
      const [subscribed, confirmed] = await Promise.all([
        db.execute(sql`select ${month(sql`created_at`)} as month, count(*)::int as n from ${newsletterSubscribers}
          where created_at > ${since} group by 1`),
        db.execute(sql`select ${month(sql`confirmed_at`)} as month, count(*)::int as n from ${newsletterSubscribers}
          where confirmed_at > ${since} group by 1`),
      ]);
      const byMonth = new Map<string, { month: string; subscribed: number; confirmed: number }>();
      const entry = (key: string) => {
        const found = byMonth.get(key) ?? { month: key, subscribed: 0, confirmed: 0 };
        byMonth.set(key, found);
        return found;
      };
      for (const row of (subscribed as unknown as { rows: { month: string; n: number }[] }).rows)
        entry(row.month).subscribed = row.n;
      for (const row of (confirmed as unknown as { rows: { month: string; n: number }[] }).rows)
        entry(row.month).confirmed = row.n;
      return [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month));
    },

    /** New addresses since a time (the owner's weekly digest). */
    async newSince(since: Date): Promise<{ subscribed: number; confirmed: number }> {
      const [row] = await db
        .select({
          subscribed: sql<number>`count(*) filter (where ${newsletterSubscribers.createdAt} >= ${since})::int`,
          confirmed: sql<number>`count(*) filter (where ${newsletterSubscribers.confirmedAt} >= ${since})::int`,
        })
        .from(newsletterSubscribers);
      return { subscribed: row?.subscribed ?? 0, confirmed: row?.confirmed ?? 0 };
    },

    /** Addresses never confirmed within UNCONFIRMED_DAYS are deleted (the privacy page says so). */
    async forgetUnconfirmed(): Promise<number> {
      const before = new Date(now().getTime() - UNCONFIRMED_DAYS * 86_400_000);
      const gone = await db
        .delete(newsletterSubscribers)
        .where(and(eq(newsletterSubscribers.status, 'pending'), lt(newsletterSubscribers.createdAt, before)))
        .returning({ id: newsletterSubscribers.id });
      return gone.length;
    },

    /** Removes someone and everything kept about them: the row, their deliveries, their confirmation emails. */
    async remove(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(newsletterSubscribers)
          .where(eq(newsletterSubscribers.id, id))
          .returning();
        if (!row) throw notFound('Subscriber not found');
        await tx
          .delete(notificationOutbox)
          .where(
            and(
              eq(notificationOutbox.kind, 'newsletter'),
              inArray(notificationOutbox.recipient, [row.email]),
            ),
          );
      });
    },
  };
}
