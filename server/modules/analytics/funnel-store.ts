/**
 * The funnels (issue 48, point 2): the built-in one and the owner's (`analytics_funnels`), read once
 * per process until they change; how a visit moves through them, and each funnel's visitors at
 * each step for a report.
 */
import { and, asc, eq, gte, inArray, like, or, sql } from 'drizzle-orm';
import type { LeadsBySource } from '../../../common/channels.ts';
import {
  advance,
  BUILT_IN_FUNNEL,
  FUNNEL_MAX_COUNT,
  type FunnelDefinition,
  type FunnelEvent,
  type FunnelStep,
  patternSource,
  stepLabel,
} from '../../../common/funnels.ts';
import type { AdminAnalytics } from '../../../common/schemas/analytics.ts';
import type { Db } from '../../db/client.ts';
import { analyticsDaily, analyticsFunnels, analyticsVisits } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { funnelDimension, rollUpFunnelSteps, sourceBuckets } from './rollups.ts';
import { type VisitFilter, wonOf } from './sources-report.ts';

/** A funnel as the report knows it: the owner's with the day it began counting. */
export type StoredFunnel = FunnelDefinition & { since: string | null };

/** An owner's funnel as stored, as the report knows it. */
const storedFunnel = (row: typeof analyticsFunnels.$inferSelect): StoredFunnel => ({
  id: String(row.id),
  name: row.name,
  steps: row.steps,
  since: row.createdAt.toISOString().slice(0, 10),
});

/** The funnels a visit's event moves on: the steps it passed, and each funnel's steps reached after it. */
export function advanceFunnels(
  funnels: FunnelDefinition[],
  progress: Record<string, number>,
  event: FunnelEvent,
): { progress: Record<string, number>; reached: [string, number][] } {
  const next = { ...progress };
  const reached: [string, number][] = [];
  for (const funnel of funnels) {
    const before = progress[funnel.id] ?? 0;
    const after = advance(funnel.steps, before, event);
    for (let step = before + 1; step <= after; step++) reached.push([funnel.id, step]);
    if (after > before) next[funnel.id] = after;
  }
  return { progress: next, reached };
}

/** A pattern as PostgreSQL's `~` reads a counted path (which may end in a slash). */
const sqlPattern = (pattern: string) => patternSource(pattern).replace(/\$$/, '/?$');

export function funnelStore(db: Db, { changed }: { changed: () => void }) {
  // The funnels every page view is checked against: read once per process until they change.
  let funnelsRead: Promise<StoredFunnel[]> | undefined;

  async function readFunnels(): Promise<StoredFunnel[]> {
    const rows = await db.select().from(analyticsFunnels).orderBy(asc(analyticsFunnels.id));
    return [{ ...BUILT_IN_FUNNEL, since: null }, ...rows.map(storedFunnel)];
  }

  function funnels(): Promise<StoredFunnel[]> {
    funnelsRead ??= readFunnels().catch((error: unknown) => {
      funnelsRead = undefined;
      throw error;
    });
    return funnelsRead;
  }

  /**
   * Moves a visit (its row, locked in `tx`) through the funnels `list` (read before the
   * transaction: the embedded database has one connection) with one event: stores how far it got
   * and counts each step it passed, under the visit's source too; with `reads`, the visit's reads
   * so far are stored in the same update.
   */
  async function moveThroughFunnels(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    list: FunnelDefinition[],
    visit: typeof analyticsVisits.$inferSelect,
    event: FunnelEvent,
    reads: string[] | null = null,
  ) {
    const { progress, reached } = advanceFunnels(list, visit.funnels, event);
    if (reached.length === 0 && !reads) return;
    await tx
      .update(analyticsVisits)
      .set(reads ? { funnels: progress, reads } : { funnels: progress })
      .where(and(eq(analyticsVisits.day, visit.day), eq(analyticsVisits.visitorHash, visit.visitorHash)));
    if (reached.length > 0) await tx.execute(rollUpFunnelSteps(visit.day, reached, sourceBuckets(visit)));
  }

  /**
   * Each funnel's visitors at each step for the period, of one source when filtered; for each page
   * step nobody reached, whether any counted page matches it (a typo shows as such).
   */
  async function funnelsReport(
    since: string,
    filter: VisitFilter | null,
    leadsOfPeriod: Promise<LeadsBySource[]>,
  ): Promise<AdminAnalytics['funnels']> {
    const list = await funnels();
    const rows = await db
      .select({
        dimension: analyticsDaily.dimension,
        value: analyticsDaily.value,
        visitors: sql<number>`sum(${analyticsDaily.visitors})::int`,
      })
      .from(analyticsDaily)
      .where(
        and(
          inArray(
            analyticsDaily.dimension,
            list.map((funnel) => funnelDimension(funnel.id, filter)),
          ),
          gte(analyticsDaily.day, since),
        ),
      )
      .groupBy(analyticsDaily.dimension, analyticsDaily.value);
    const counted = new Map(rows.map((row) => [`${row.dimension}|${row.value}`, row.visitors]));
    const won = wonOf(await leadsOfPeriod, filter);
    const report = list.map((funnel) => ({
      id: funnel.id,
      name: funnel.name,
      builtIn: funnel.since === null,
      since: funnel.since,
      steps: funnel.steps.map((step, i) => ({
        label: stepLabel(step),
        visitors:
          step.kind === 'won' ? won : (counted.get(`${funnelDimension(funnel.id, filter)}|${i + 1}`) ?? 0),
        pageSeen: null as boolean | null,
      })),
    }));
    // The page steps nobody reached: does any page counted in the period match them? One read for all.
    const unreached = list.flatMap((funnel, f) =>
      funnel.steps.flatMap((step, i) =>
        step.kind === 'page' && report[f]?.steps[i]?.visitors === 0 ? [{ f, i, paths: step.paths }] : [],
      ),
    );
    const patterns = [...new Set(unreached.flatMap((step) => step.paths))];
    if (patterns.length > 0) {
      const seen = await db.execute(sql`
        select p.pattern from unnest(${sql.param(patterns)}::text[], ${sql.param(patterns.map(sqlPattern))}::text[]) as p(pattern, expression)
        where exists (
          select 1 from ${analyticsDaily}
          where ${analyticsDaily.dimension} = 'path' and ${analyticsDaily.day} >= ${since} and ${analyticsDaily.value} ~ p.expression
        )`);
      const matched = new Set(
        (seen as unknown as { rows: { pattern: string }[] }).rows.map((row) => row.pattern),
      );
      for (const { f, i, paths } of unreached) {
        const step = report[f]?.steps[i];
        if (step) step.pageSeen = paths.some((path) => matched.has(path));
      }
    }
    return report;
  }

  return {
    funnels,
    moveThroughFunnels,
    funnelsReport,
    /** Forgets the funnels read (another process saved new ones). */
    forget(): void {
      funnelsRead = undefined;
    },

    /**
     * Adds an owner's funnel (steps already checked by its schema); it counts from now on. Refused
     * past FUNNEL_MAX_COUNT.
     */
    async createFunnel(funnel: { name: string; steps: FunnelStep[] }): Promise<StoredFunnel> {
      const [{ count } = { count: 0 }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(analyticsFunnels);
      if (count >= FUNNEL_MAX_COUNT) {
        throw new HttpError(409, `You can keep ${FUNNEL_MAX_COUNT} funnels. Remove one to add another.`);
      }
      const [row] = await db.insert(analyticsFunnels).values(funnel).returning();
      if (!row) throw new Error('funnel not stored');
      funnelsRead = undefined;
      changed();
      return storedFunnel(row);
    },

    /** Removes an owner's funnel and its counts. */
    async deleteFunnel(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(analyticsFunnels)
          .where(eq(analyticsFunnels.id, id))
          .returning({ id: analyticsFunnels.id });
        if (removed.length === 0)
          throw notFound('That funnel does not exist (it may have been removed already).');
        await tx
          .delete(analyticsDaily)
          .where(
            or(
              eq(analyticsDaily.dimension, funnelDimension(String(id))),
              like(analyticsDaily.dimension, `${funnelDimension(String(id))}|%`),
            ),
          );
      });
      funnelsRead = undefined;
      changed();
    },
  };
}
