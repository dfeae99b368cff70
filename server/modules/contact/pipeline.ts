/**
 * The owner's quote pipeline: each quote request moves New -> Replied -> Proposal sent -> Won or
 * Lost, with dated notes and an optional value. The first move out of New is the first reply
 * (kept once: moving back does not undo it), measured against the site's promise of a reply
 * within 24 hours; a move to Won or Lost dates the decision, which is the month it counts in.
 * Every move and note is an event in `quote_events`, the request's history.
 */
import { and, asc, desc, eq, gte, isNull, type SQL, sql } from 'drizzle-orm';
import { QUOTE_STAGES, type QuoteStage, REPLY_PROMISE_HOURS } from '../../../common/constants.ts';
import type { AdminQuote, Pipeline, QuoteEvent } from '../../../common/schemas/contact.ts';
import type { Db } from '../../db/client.ts';
import { withIsoDates } from '../../db/paging.ts';
import { quoteEvents, quoteRequests } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { leadReports } from './lead-reports.ts';

/** The stages a move to is an answer to the request (its first one is the first reply). */
const REPLIES = new Set<QuoteStage>(['replied', 'proposal']);

/** How many requests each column of the board lists (the newest; its count covers all). */
export const PIPELINE_CARDS = 50;
/** The time to first reply is measured over the requests of this many recent days. */
export const REPLY_WINDOW_DAYS = 90;
const MONTHS = 12;
const HOUR_MS = 3_600_000;

const quoteOf = (row: typeof quoteRequests.$inferSelect): AdminQuote => withIsoDates(row);

/** How many rows the by-post table shows. */
const TOP_PAGES = 10;

/** 'YYYY-MM' of a date, in UTC (the dashboard's analytics count UTC days too). */
const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/**
 * The one write of a request's stage and value (the owner's move, or a cancelled call's, see
 * contact/service.ts), in the caller's transaction with the row read for update: see updateQuote.
 */
export async function changeQuote(
  tx: Pick<Db, 'update' | 'insert'>,
  current: typeof quoteRequests.$inferSelect,
  changes: { stage?: QuoteStage; value?: number | null },
  at: Date,
): Promise<typeof quoteRequests.$inferSelect> {
  const moved = changes.stage !== undefined && changes.stage !== current.stage;
  const set: Partial<typeof quoteRequests.$inferInsert> = {};
  if (changes.value !== undefined) set.valueUsd = changes.value;
  if (moved && changes.stage) {
    set.stage = changes.stage;
    if (REPLIES.has(changes.stage) && !current.firstReplyAt) set.firstReplyAt = at;
    set.decidedAt = changes.stage === 'won' || changes.stage === 'lost' ? at : null;
    if (!current.readAt) set.readAt = at;
  }
  if (Object.keys(set).length === 0) return current;
  const [row] = await tx.update(quoteRequests).set(set).where(eq(quoteRequests.id, current.id)).returning();
  if (!row) throw notFound('Quote request not found');
  if (moved)
    await tx.insert(quoteEvents).values({ quoteId: current.id, stage: changes.stage, createdAt: at });
  return row;
}

export function quotePipeline(db: Db, now: () => Date) {
  const missing = () => notFound('Quote request not found');

  return {
    ...leadReports(db),

    /**
     * Moves a request to another stage and/or sets its value; what is not sent stays. A move
     * records the event and, the first time it goes to Replied or Proposal, the first reply (a
     * request marked Won or Lost straight from New was decided, not answered: it stamps none);
     * Won or Lost dates the decision (a move back out of them clears it). The request counts as
     * read from then.
     */
    async updateQuote(
      id: number,
      changes: { stage?: QuoteStage; value?: number | null },
    ): Promise<AdminQuote> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(quoteRequests).where(eq(quoteRequests.id, id)).for('update');
        if (!current) throw missing();
        return quoteOf(await changeQuote(tx, current, changes, now()));
      });
    },

    /** Adds a dated note to a request's history. */
    async addQuoteNote(id: number, note: string): Promise<QuoteEvent> {
      return db.transaction(async (tx) => {
        const [quote] = await tx
          .select({ id: quoteRequests.id })
          .from(quoteRequests)
          .where(eq(quoteRequests.id, id));
        if (!quote) throw missing();
        const [event] = await tx
          .insert(quoteEvents)
          .values({ quoteId: id, note, createdAt: now() })
          .returning();
        if (!event) throw missing();
        return eventOf(event);
      });
    },

    /** A request's moves and notes, oldest first. */
    async quoteHistory(id: number): Promise<QuoteEvent[]> {
      const [quote] = await db
        .select({ id: quoteRequests.id })
        .from(quoteRequests)
        .where(eq(quoteRequests.id, id));
      if (!quote) throw missing();
      const events = await db
        .select()
        .from(quoteEvents)
        .where(eq(quoteEvents.quoteId, id))
        .orderBy(asc(quoteEvents.createdAt), asc(quoteEvents.id));
      return events.map(eventOf);
    },

    /** The board (requests not archived, by stage), the time to first reply, and each month's results. */
    async pipeline(): Promise<Pipeline> {
      const at = now();
      const open = isNull(quoteRequests.archivedAt);
      const since = new Date(at.getTime() - REPLY_WINDOW_DAYS * 24 * HOUR_MS);
      // Every open request still waiting for its first reply.
      // The reply promise is a quote request's: a booked call is its own answer.
      const isQuote = sql`${quoteRequests.origin} = 'quote'`;
      const unanswered = and(isNull(quoteRequests.firstReplyAt), isNull(quoteRequests.archivedAt), isQuote);
      const promise = sql`interval '${sql.raw(String(REPLY_PROMISE_HOURS))} hours'`;
      const firstMonth = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - (MONTHS - 1), 1));

      // Where requests came from: the campaign's utm_source, else the referring site, else Direct.
      const source = sql<string>`coalesce(nullif(${quoteRequests.leadSource}->>'utmSource', ''), nullif(${quoteRequests.leadSource}->>'referrer', ''), 'Direct')`;
      const lastRead = sql<string>`${quoteRequests.leadSource}->>'lastRead'`;
      const won = sql`${quoteRequests.stage} = 'won'`;
      const inWindow = sql`${quoteRequests.createdAt} >= ${since.toISOString()}::timestamptz and ${isQuote}`;
      const replySeconds = sql`extract(epoch from ${quoteRequests.firstReplyAt} - ${quoteRequests.createdAt})`;
      // One pass over the requests for the columns' counts and values, the time to first reply and
      // the requests still waiting (three scans before: 61.5 ms over HTTP at 20,000 requests).
      const perStage = Object.fromEntries(
        QUOTE_STAGES.flatMap((stage) => {
          const inStage = sql`${quoteRequests.archivedAt} is null and ${quoteRequests.stage} = ${stage}`;
          return [
            [`${stage}Count`, sql<number>`count(*) filter (where ${inStage})::int`],
            [
              `${stage}Value`,
              sql<number>`coalesce(sum(${quoteRequests.valueUsd}) filter (where ${inStage}), 0)::int`,
            ],
          ];
        }),
      ) as Record<string, SQL<number>>;
      const summary = db
        .select({
          ...perStage,
          answered: sql<number>`count(${quoteRequests.firstReplyAt}) filter (where ${inWindow})::int`,
          withinPromise: sql<number>`count(*) filter (where ${inWindow} and ${quoteRequests.firstReplyAt} - ${quoteRequests.createdAt} <= ${promise})::int`,
          medianSeconds: sql<
            number | null
          >`percentile_cont(0.5) within group (order by ${replySeconds}) filter (where ${inWindow})`,
          waiting: sql<number>`count(*) filter (where ${unanswered})::int`,
          overdue: sql<number>`count(*) filter (where ${unanswered} and ${quoteRequests.createdAt} < ${at.toISOString()}::timestamptz - ${promise})::int`,
        })
        .from(quoteRequests);
      // Where the year's requests came from and what they read last, in one pass (grouping sets).
      const leads = db
        .select({
          source: sql<string | null>`${source}`,
          page: sql<string | null>`${lastRead}`,
          bySource: sql<number>`grouping(${source})`,
          quotes: sql<number>`count(*)::int`,
          won: sql<number>`count(*) filter (where ${won})::int`,
          wonValue: sql<number>`coalesce(sum(${quoteRequests.valueUsd}) filter (where ${won}), 0)::int`,
        })
        .from(quoteRequests)
        .where(gte(quoteRequests.createdAt, firstMonth))
        .groupBy(sql`grouping sets ((${source}), (${lastRead}))`)
        // Each set with most requests first, then by name (the source is null in the pages' set).
        .orderBy(sql`3`, sql`4 desc`, sql`coalesce(${source}, ${lastRead})`);
      const [[sums], cards, months, leadRows] = await Promise.all([
        summary,
        Promise.all(
          QUOTE_STAGES.map((stage) =>
            db
              .select()
              .from(quoteRequests)
              .where(and(open, eq(quoteRequests.stage, stage)))
              .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
              .limit(PIPELINE_CARDS),
          ),
        ),
        db
          .select({
            month: sql<string>`to_char(${quoteRequests.decidedAt} at time zone 'UTC', 'YYYY-MM')`,
            won: sql<number>`count(*) filter (where ${won})::int`,
            lost: sql<number>`count(*) filter (where ${quoteRequests.stage} = 'lost')::int`,
            wonValue: sql<number>`coalesce(sum(${quoteRequests.valueUsd}) filter (where ${won}), 0)::int`,
          })
          .from(quoteRequests)
          .where(gte(quoteRequests.decidedAt, firstMonth))
          .groupBy(sql`1`),
        leads,
      ]);
      const leadRow = (label: string, row: { quotes: number; won: number; wonValue: number }) => ({
        label,
        quotes: row.quotes,
        won: row.won,
        wonValueUsd: row.wonValue,
      });
      const sources = leadRows
        .filter((row) => Number(row.bySource) === 0)
        .map((row) => leadRow(row.source ?? 'Direct', row));
      const pages = leadRows
        .filter((row) => Number(row.bySource) === 1 && row.page !== null)
        .slice(0, TOP_PAGES)
        .map((row) => leadRow(row.page ?? '', row));

      const stageTotals = (sums ?? {}) as Record<string, number | undefined>;
      const byMonth = new Map(months.map((row) => [row.month, row]));
      const median = sums?.medianSeconds;
      return {
        columns: QUOTE_STAGES.map((stage, i) => ({
          stage,
          count: stageTotals[`${stage}Count`] ?? 0,
          valueUsd: stageTotals[`${stage}Value`] ?? 0,
          quotes: (cards[i] ?? []).map(quoteOf),
        })),
        firstReply: {
          promiseHours: REPLY_PROMISE_HOURS,
          answered: sums?.answered ?? 0,
          withinPromise: sums?.withinPromise ?? 0,
          medianMinutes: median === null || median === undefined ? null : Math.round(Number(median) / 60),
          waiting: sums?.waiting ?? 0,
          overdue: sums?.overdue ?? 0,
        },
        sources,
        pages,
        months: Array.from({ length: MONTHS }, (_, i) => {
          const month = monthOf(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - i, 1)));
          const row = byMonth.get(month);
          const won = row?.won ?? 0;
          const lost = row?.lost ?? 0;
          return {
            month,
            won,
            lost,
            winRate: won + lost ? won / (won + lost) : null,
            wonValueUsd: row?.wonValue ?? 0,
          };
        }),
      };
    },
  };
}

function eventOf(row: typeof quoteEvents.$inferSelect): QuoteEvent {
  return withIsoDates(row);
}
