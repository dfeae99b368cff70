/**
 * A lead's first touch (issue 48, point 4). The visit cookie lasts one browser session, so a
 * request's own source is its last touch; the first is the source of the earliest request or
 * newsletter sign-up of the same email, with when that visit began (or, where it was not kept,
 * when it was made). Worked out once, when the request is stored: the report then reads a column.
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { LeadSource } from '../../../common/schemas/contact.ts';
import type { Db } from '../../db/client.ts';
import { newsletterSubscribers, quoteRequests } from '../../db/schema.ts';

type Reader = Pick<Db, 'select'>;

/** A visit start further back than this is not believed (the visit cookie lasts a browser session). */
const STARTED_AT_MAX_DAYS = 30;

/**
 * When a visit that sent something at `at` began: the source's own start when believable (not
 * after `at`, nor more than 30 days before it), otherwise `at` itself.
 */
export function visitStart(startedAt: string | undefined, at: Date): string {
  const began = startedAt ? Date.parse(startedAt) : Number.NaN;
  const time = at.getTime();
  return began <= time && began >= time - STARTED_AT_MAX_DAYS * 86_400_000
    ? new Date(began).toISOString()
    : at.toISOString();
}

/** A kept source with when its visit began. */
const dated = (source: LeadSource, createdAt: Date): LeadSource => ({
  ...source,
  startedAt: visitStart(source.startedAt, createdAt),
});

/**
 * The first touch of a request from `email` whose own source is `source`, sent at `at`; an
 * earlier touch that kept no country takes the request's (the same person, most likely where they were).
 */
export async function firstTouchOf(
  db: Reader,
  email: string,
  source: LeadSource,
  at: Date,
): Promise<LeadSource> {
  const key = email.trim().toLowerCase();
  const [[request], [subscriber]] = await Promise.all([
    db
      .select({ source: quoteRequests.leadSource, createdAt: quoteRequests.createdAt })
      .from(quoteRequests)
      .where(and(sql`lower(${quoteRequests.email}) = ${key}`, isNotNull(quoteRequests.leadSource)))
      .orderBy(asc(quoteRequests.createdAt))
      .limit(1),
    db
      .select({ source: newsletterSubscribers.leadSource, createdAt: newsletterSubscribers.createdAt })
      .from(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.emailKey, key), isNotNull(newsletterSubscribers.leadSource))),
  ]);
  const earlier = [request, subscriber]
    .filter((row): row is { source: LeadSource; createdAt: Date } => Boolean(row?.source))
    .map((row) => dated(row.source, row.createdAt))
    .sort((a, b) => Date.parse(a.startedAt ?? '') - Date.parse(b.startedAt ?? ''));
  const own = dated(source, at);
  const first = earlier[0];
  if (!first || Date.parse(first.startedAt ?? '') >= Date.parse(own.startedAt ?? '')) return own;
  return first.country || !source.country ? first : { ...first, country: source.country };
}
