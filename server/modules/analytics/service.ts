/**
 * First-party page views without cookies and without stored IP addresses. A
 * visitor is a hash of (daily salt, IP, user agent): the same person is one
 * visitor within a day, and once the day's random salt is deleted the hash can
 * no longer be tied to an IP, even by someone holding the database.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, gte, inArray, like, lt, ne, or, sql } from 'drizzle-orm';
import {
  type Credit,
  channelOf,
  type FilterDimension,
  type LeadsBySource,
  READ_PATH,
  READS_KEPT,
  SOURCE_DIMENSIONS,
  type SourceDimension,
  type VISIT_DIMENSIONS,
} from '../../../common/channels.ts';
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
import { GOAL_IDS, type GoalId, isGoal } from '../../../common/goals.ts';
import {
  type AdminAnalytics,
  type AnalyticsSettings,
  analyticsSettingsSchema,
} from '../../../common/schemas/analytics.ts';
import type { Db } from '../../db/client.ts';
import {
  analyticsDaily,
  analyticsDailyVisitors,
  analyticsFunnels,
  analyticsVisits,
  appMeta,
  goalEvents,
  pageViews,
} from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { nowAndThen } from '../../lib/now-and-then.ts';
import { holdsSecret } from '../../lib/private-addresses.ts';
import {
  type Bucket,
  deviceOf,
  funnelDimension,
  rollUpFunnelSteps,
  rollUpGoal,
  rollUpView,
  segmented,
  sourceBuckets,
  sweep,
} from './rollups.ts';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

const SALT_KEY_PREFIX = 'analytics_salt:';
const SETTINGS_KEY = 'analytics:settings';
const DEFAULT_SETTINGS: AnalyticsSettings = { honorGpc: false };

const TOP_LIST_LENGTH = 10;
/** A visit whose address the country table does not know (a private address, or none listed). */
export const UNKNOWN_COUNTRY = 'Unknown';
/** How far back "right now" looks. */
const RIGHT_NOW_MS = 5 * 60 * 1000;
const DAY_MS = 86_400_000;

export interface PageView {
  path: string;
  /** The referring site's host name, or null for a direct visit or one from this site. */
  referrerHost: string | null;
  screenWidth?: number | undefined;
  screenHeight?: number | undefined;
  /** The campaign the address named (utm_source, utm_medium, utm_campaign), each clipped. */
  utm?: { source?: string | undefined; medium?: string | undefined; campaign?: string | undefined };
  /** The two-letter country of the request's address, when the table knows it (the address is not kept). */
  country?: string | null | undefined;
}

const UTM_MAX = 100;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** A campaign value as kept: trimmed, clipped, without control characters; none when empty. */
function campaignValue(value: string | null | undefined): string | null {
  const clean = (value ?? '').replace(CONTROL, '').trim().slice(0, UTM_MAX);
  return clean || null;
}

/** The campaign named by an address's query (`?utm_campaign=spring`), each value clipped. */
export function campaignOf(search: string): PageView['utm'] {
  const query = new URLSearchParams(search);
  const utm: NonNullable<PageView['utm']> = {};
  for (const key of ['source', 'medium', 'campaign'] as const) {
    const value = campaignValue(query.get(`utm_${key}`));
    if (value) utm[key] = value;
  }
  return utm;
}

/** The host of an external referrer; null when empty, malformed or this site itself. */
export function referrerHost(referrer: string, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = url.hostname.replace(/^www\./, '');
    return host === ownHost.replace(/^www\./, '') ? null : host;
  } catch {
    return null;
  }
}

type SourceRow = AdminAnalytics['sources'][number]['rows'][number];

/** A funnel as the report knows it: the owner's with the day it began counting. */
export type StoredFunnel = FunnelDefinition & { since: string | null };

/** An owner's funnel as stored, as the report knows it. */
const storedFunnel = (row: typeof analyticsFunnels.$inferSelect): StoredFunnel => ({
  id: String(row.id),
  name: row.name,
  steps: row.steps,
  since: row.createdAt.toISOString().slice(0, 10),
});

/**
 * What a report is filtered by (issue 48, point 5): one value of a visit's source (its visits),
 * a page (its views, and what was reached on it) or a goal (those who reached it).
 */
export interface SourceFilter {
  dimension: FilterDimension;
  value: string;
}

/** The column of today's visits that holds each source dimension. */
const VISIT_COLUMNS = {
  channel: 'channel',
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  landing: 'landing',
  country: 'country',
  visit_device: 'device',
} as const satisfies Record<(typeof VISIT_DIMENSIONS)[number], keyof typeof analyticsVisits.$inferSelect>;

type VisitFilter = { dimension: (typeof VISIT_DIMENSIONS)[number]; value: string };

/** A filter by a visit's source: what the funnels are counted by (not by page or goal). */
const isVisitFilter = (filter: SourceFilter | null): filter is VisitFilter =>
  filter !== null && filter.dimension !== 'page' && filter.dimension !== 'goal';

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

/**
 * A lead's values in the source tables (none for the device, which a lead does not keep): one
 * per table, but one per post or project read in its visit.
 */
function leadValues(lead: LeadsBySource): [SourceDimension, string][] {
  const values: [SourceDimension, string | null][] = [
    ['channel', channelOf(lead)],
    ['utm_source', lead.utmSource],
    ['utm_medium', lead.utmMedium],
    ['utm_campaign', lead.utmCampaign],
    ['landing', lead.landing],
    ['country', lead.country],
    ...(lead.reads.length > 0 ? lead.reads : [lead.lastRead]).map(
      (read): [SourceDimension, string | null] => ['read', read],
    ),
  ];
  return values.filter((pair): pair is [SourceDimension, string] => Boolean(pair[1]));
}

/** The Sources tables: the roll-ups' visits and goals by source, with the pipeline's leads beside them. */
function sourcesReport(
  rows: { dimension: string; value: string; views: number; visitors: number }[],
  leads: LeadsBySource[] | null,
  top: number,
): AdminAnalytics['sources'] {
  const tables = new Map<string, Map<string, SourceRow>>();
  const rowOf = (dimension: string, value: string) => {
    const table = tables.get(dimension) ?? new Map<string, SourceRow>();
    tables.set(dimension, table);
    const withLeads = leads !== null && dimension !== 'visit_device';
    const row = table.get(value) ?? {
      value,
      visitors: 0,
      completions: 0,
      converted: 0,
      rate: 0,
      quotes: withLeads ? 0 : null,
      won: withLeads ? 0 : null,
      wonValueUsd: withLeads ? 0 : null,
    };
    table.set(value, row);
    return row;
  };
  for (const { dimension: named, value, views, visitors } of rows) {
    // Under a filter, its segment's rows ('utm_campaign|country=US'): the table's name comes first.
    const dimension = named.split('|')[0] ?? named;
    const [kind, of] = dimension.includes(':') ? dimension.split(':') : ['visits', dimension];
    if (!of) continue;
    const row = rowOf(of, value);
    if (kind === 'visits') row.visitors += visitors;
    else if (kind === 'goal') {
      row.completions += views;
      row.converted += visitors;
    }
  }
  for (const lead of leads ?? []) {
    for (const [dimension, value] of leadValues(lead)) {
      const row = rowOf(dimension, value);
      row.quotes = (row.quotes ?? 0) + lead.quotes;
      row.won = (row.won ?? 0) + lead.won;
      row.wonValueUsd = (row.wonValueUsd ?? 0) + lead.wonValue;
    }
  }
  return SOURCE_DIMENSIONS.map(({ id }) => ({
    dimension: id,
    rows: [...(tables.get(id)?.values() ?? [])]
      .map((row) => ({ ...row, rate: row.visitors > 0 ? Math.min(1, row.converted / row.visitors) : 0 }))
      .sort(
        (a, b) =>
          b.visitors - a.visitors ||
          (b.wonValueUsd ?? 0) - (a.wonValueUsd ?? 0) ||
          a.value.localeCompare(b.value),
      )
      .slice(0, top),
  }));
}

/**
 * The pipeline's leads of a filtered report: those of the source (a page: those that landed on it
 * or read it; the quote goal: all); null where the pipeline cannot tell (by device, by another goal).
 */
function leadsOf(leads: LeadsBySource[], filter: SourceFilter | null): LeadsBySource[] | null {
  if (!filter) return leads;
  if (filter.dimension === 'visit_device') return null;
  if (filter.dimension === 'goal') return filter.value === 'quote' ? leads : null;
  const matches =
    filter.dimension === 'page'
      ? ([dimension, value]: [SourceDimension, string]) =>
          (dimension === 'landing' || dimension === 'read') && value === filter.value
      : ([dimension, value]: [SourceDimension, string]) =>
          dimension === filter.dimension && value === filter.value;
  return leads.filter((lead) => leadValues(lead).some(matches));
}

/** The pipeline's won deals of the period, of one source when filtered (none known by device). */
function wonOf(leads: LeadsBySource[], filter: SourceFilter | null): number | null {
  return leadsOf(leads, filter)?.reduce((sum, lead) => sum + lead.won, 0) ?? null;
}

export function createAnalyticsService(
  db: Db,
  {
    now = () => new Date(),
    rawRetentionDays = 0,
    changed = () => {},
    leads = async () => [],
    timeToWon = async () => ({ deals: 0, medianDays: null }),
  }: {
    now?: () => Date;
    rawRetentionDays?: number;
    /** Says the settings changed, in every process (the read cache's invalidation). */
    changed?: () => void;
    /** The pipeline's quote requests since a date by their source (the contact module's). */
    leads?: (since: Date, credit: Credit) => Promise<LeadsBySource[]>;
    /** The deals won since a date and the median days from first visit to won (the contact module's). */
    timeToWon?: (since: Date) => Promise<AdminAnalytics['timeToWon']>;
  } = {},
) {
  let cached: { day: string; salt: string } | undefined;
  // Read once per process until they change (every page view asks).
  let settingsRead: Promise<AnalyticsSettings> | undefined;

  async function readSettings(): Promise<AnalyticsSettings> {
    const [row] = await db
      .select({ value: appMeta.value })
      .from(appMeta)
      .where(eq(appMeta.key, SETTINGS_KEY));
    if (!row) return DEFAULT_SETTINGS;
    try {
      return analyticsSettingsSchema.parse(JSON.parse(row.value));
    } catch {
      // Never expected (every save is checked): counting goes on as by default.
      return DEFAULT_SETTINGS;
    }
  }

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

  function settings(): Promise<AnalyticsSettings> {
    settingsRead ??= readSettings().catch((error: unknown) => {
      settingsRead = undefined;
      throw error;
    });
    return settingsRead;
  }
  const sweepDue = nowAndThen(SWEEP_EVERY_MS, () => now().getTime());

  /** Today's salt (UTC day): created once, shared by every process through the database. */
  async function dailySalt(): Promise<string> {
    const day = now().toISOString().slice(0, 10);
    if (cached?.day === day) return cached.salt;
    const key = `${SALT_KEY_PREFIX}${day}`;
    await db
      .insert(appMeta)
      .values({ key, value: randomBytes(32).toString('hex') })
      .onConflictDoNothing();
    const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key));
    if (!row) throw new Error('analytics salt missing');
    // Yesterday's salt goes: from now on old hashes cannot be recomputed from an IP.
    await db.delete(appMeta).where(and(like(appMeta.key, `${SALT_KEY_PREFIX}%`), ne(appMeta.key, key)));
    cached = { day, salt: row.value };
    return row.value;
  }

  /** Visitors with a page view in the last 5 minutes: of the filter's source, on its page, or who reached its goal today. */
  function visitorsRightNow(filter: SourceFilter | null) {
    const at = now();
    const recent = gte(pageViews.createdAt, new Date(at.getTime() - RIGHT_NOW_MS));
    const count = db.select({ visitors: sql<number>`count(distinct ${pageViews.visitorHash})::int` });
    if (!filter) return count.from(pageViews).where(recent);
    if (filter.dimension === 'page')
      return count.from(pageViews).where(and(recent, eq(pageViews.path, filter.value)));
    const day = at.toISOString().slice(0, 10);
    if (filter.dimension === 'goal') {
      const reached = db
        .select({ visitorHash: goalEvents.visitorHash })
        .from(goalEvents)
        .where(
          and(eq(goalEvents.goal, filter.value), gte(goalEvents.createdAt, new Date(`${day}T00:00:00.000Z`))),
        );
      return count.from(pageViews).where(and(recent, inArray(pageViews.visitorHash, reached)));
    }
    const column = VISIT_COLUMNS[filter.dimension];
    return count
      .from(pageViews)
      .innerJoin(
        analyticsVisits,
        and(eq(analyticsVisits.day, day), eq(analyticsVisits.visitorHash, pageViews.visitorHash)),
      )
      .where(and(recent, eq(analyticsVisits[column], filter.value)));
  }

  return {
    settings,

    funnels,

    /** Forgets the settings and funnels read (another process saved new ones). */
    forgetSettings(): void {
      settingsRead = undefined;
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

    async saveSettings(next: AnalyticsSettings): Promise<AnalyticsSettings> {
      const value = JSON.stringify(analyticsSettingsSchema.parse(next));
      await db
        .insert(appMeta)
        .values({ key: SETTINGS_KEY, value })
        .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: sql`now()` } });
      settingsRead = undefined;
      changed();
      return settings();
    },

    /**
     * Whether a request's visit is counted at all: not when its browser sends Global Privacy
     * Control (`Sec-GPC: 1`) and the owner chose to honour it.
     */
    async counts(gpc: string | string[] | undefined): Promise<boolean> {
      if (gpc !== '1') return true;
      return !(await settings()).honorGpc;
    },

    /** The anonymous visitor id of an IP and user agent for today. */
    async visitorHash(ip: string, userAgent: string): Promise<string> {
      const salt = await dailySalt();
      return createHash('sha256').update(`${salt}\n${ip}\n${userAgent}`).digest('hex').slice(0, 32);
    },

    /**
     * Stores the view and adds it to today's roll-ups in one transaction: views + 1 in each of
     * its buckets (total, path, referrer, device), visitors + 1 where this visitor is new today.
     * Now and then, raw views older than the retention and past days' visitor sets are deleted.
     */
    async record(view: PageView, visitorHash: string): Promise<void> {
      const at = now();
      const day = at.toISOString().slice(0, 10);
      const list = await funnels();
      await db.transaction(async (tx) => {
        await tx.insert(pageViews).values({
          path: view.path,
          referrer: view.referrerHost,
          screenWidth: view.screenWidth ?? null,
          screenHeight: view.screenHeight ?? null,
          visitorHash,
          createdAt: at,
        });
        // The visitor's first view today names the visit's source; later ones count under it.
        const visit = {
          day,
          visitorHash,
          channel: channelOf({
            referrer: view.referrerHost,
            utmSource: view.utm?.source,
            utmMedium: view.utm?.medium,
          }),
          utmSource: view.utm?.source ?? null,
          utmMedium: view.utm?.medium ?? null,
          utmCampaign: view.utm?.campaign ?? null,
          landing: view.path,
          device: deviceOf(view.screenWidth),
          country: view.country ?? UNKNOWN_COUNTRY,
        };
        // The day's visit, new or locked as it was (a touch that changes nothing), and whether it began now.
        const [row] = await tx
          .insert(analyticsVisits)
          .values(visit)
          .onConflictDoUpdate({
            target: [analyticsVisits.day, analyticsVisits.visitorHash],
            set: { day: sql`excluded.day` },
          })
          .returning({ ...getTableColumns(analyticsVisits), began: sql<boolean>`xmax = 0` });
        if (!row) throw new Error('visit not stored');
        const { began, ...stored } = row;
        // A post or project read counts its readers, and the goals they reach later that day.
        const read = READ_PATH.test(view.path) ? view.path : null;
        const buckets: Bucket[] = [
          ...(began ? sourceBuckets(stored) : []),
          ...(read ? [['read', read] as Bucket] : []),
        ];
        await tx.execute(
          rollUpView(day, view, visitorHash, buckets, [...sourceBuckets(stored), ['page', view.path]]),
        );
        const reads =
          read && !stored.reads.includes(read) && stored.reads.length < READS_KEPT
            ? [...stored.reads, read]
            : null;
        await moveThroughFunnels(tx, list, stored, { page: view.path }, reads);
      });
      if (sweepDue()) await sweep(db, day, rawRetentionDays, at);
    },

    /**
     * Whether this is the visitor's first time today at `key` (a link out: its kind and project),
     * noted in the day's visitor sets that the roll-ups keep (gone with the day's salt): a link
     * followed 200 times is one goal a day (issue 62, point 5).
     */
    async firstToday(key: string, visitorHash: string): Promise<boolean> {
      const day = now().toISOString().slice(0, 10);
      const noted = await db
        .insert(analyticsDailyVisitors)
        .values({ day, dimension: 'once', value: key, visitorHash })
        .onConflictDoNothing()
        .returning({ day: analyticsDailyVisitors.day });
      return noted.length > 0;
    },

    /**
     * Counts a goal reached by a visitor (its hash as for page views), from the page `path` when
     * known: the raw row and its roll-up in one transaction, as a page view is stored.
     */
    async recordGoal(goal: GoalId, visitorHash: string, path: string | null = null): Promise<void> {
      const at = now();
      const day = at.toISOString().slice(0, 10);
      const list = await funnels();
      await db.transaction(async (tx) => {
        await tx.insert(goalEvents).values({ goal, visitorHash, path, createdAt: at });
        // Under the visit's source when its page views were counted today (not without the page's code).
        const [visit] = await tx
          .select()
          .from(analyticsVisits)
          .where(and(eq(analyticsVisits.day, day), eq(analyticsVisits.visitorHash, visitorHash)))
          .for('update');
        const source = visit
          ? [...sourceBuckets(visit), ...visit.reads.map((read): Bucket => ['read', read])]
          : [];
        const segments: Bucket[] = [
          ...(visit ? sourceBuckets(visit) : []),
          ...(path ? [['page', path] as Bucket] : []),
        ];
        await tx.execute(rollUpGoal(day, goal, visitorHash, source, segments, path));
        if (visit) await moveThroughFunnels(tx, list, visit, { goal });
      });
    },

    /**
     * The owner's report: page views and visitors per UTC day for the last `days` days, the top
     * `length` pages, referrers and values of each source (10 on the page, more in a CSV), and
     * devices, read from the daily roll-ups (a few rows per day), never from the raw views.
     */
    async report(
      days: number,
      filter: SourceFilter | null = null,
      length = TOP_LIST_LENGTH,
      credit: Credit = 'first',
    ): Promise<AdminAnalytics> {
      const today = new Date(`${now().toISOString().slice(0, 10)}T00:00:00.000Z`);
      const since = new Date(today.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
      // Under a filter, every figure is read under its segment's names (rollups.ts, `segmented`).
      const named = (dimension: string) => segmented(dimension, filter);
      const inRange = (dimension: string) =>
        and(eq(analyticsDaily.dimension, named(dimension)), gte(analyticsDaily.day, since));
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
      const sourceDimensions: string[] = SOURCE_DIMENSIONS.flatMap(({ id }) => [
        named(id),
        named(`goal:${id}`),
      ]);
      const leadsOfPeriod = leads(new Date(`${since}T00:00:00.000Z`), credit);
      const before = new Date(today.getTime() - (2 * days - 1) * DAY_MS).toISOString().slice(0, 10);
      const [
        perDay,
        topPages,
        topReferrers,
        devices,
        goals,
        chosen,
        sourceRows,
        leadRows,
        funnelRows,
        [previous],
        [rightNow],
        wonTiming,
      ] = await Promise.all([
        db
          .select({
            date: analyticsDaily.day,
            views: analyticsDaily.views,
            visitors: analyticsDaily.visitors,
          })
          .from(analyticsDaily)
          .where(inRange('total')),
        top('path', length),
        top('referrer', length),
        top('device'),
        top('goal'),
        settings(),
        db
          .select({ dimension: analyticsDaily.dimension, value: analyticsDaily.value, views, visitors })
          .from(analyticsDaily)
          .where(and(inArray(analyticsDaily.dimension, sourceDimensions), gte(analyticsDaily.day, since)))
          .groupBy(analyticsDaily.dimension, analyticsDaily.value),
        leadsOfPeriod,
        funnelsReport(since, isVisitFilter(filter) ? filter : null, leadsOfPeriod),
        db
          .select({
            views: sql<number>`coalesce(sum(${analyticsDaily.views}), 0)::int`,
            visitors: sql<number>`coalesce(sum(${analyticsDaily.visitors}), 0)::int`,
          })
          .from(analyticsDaily)
          .where(
            and(
              eq(analyticsDaily.dimension, named('total')),
              gte(analyticsDaily.day, before),
              lt(analyticsDaily.day, since),
            ),
          ),
        visitorsRightNow(filter),
        timeToWon(new Date(`${since}T00:00:00.000Z`)),
      ]);
      const counted = new Map(perDay.map((row) => [row.date, row]));
      const dayList = Array.from({ length: days }, (_, i) => {
        const date = new Date(today.getTime() - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10);
        const row = counted.get(date);
        return { date, views: row?.views ?? 0, visitors: row?.visitors ?? 0 };
      });
      const totals = dayList.reduce(
        (sum, day) => ({ views: sum.views + day.views, visitors: sum.visitors + day.visitors }),
        { views: 0, visitors: 0 },
      );
      const reached = new Map(goals.filter((row) => isGoal(row.value)).map((row) => [row.value, row]));
      return {
        days: dayList,
        totals,
        previous: previous ?? { views: 0, visitors: 0 },
        rightNow: rightNow?.visitors ?? 0,
        settings: chosen,
        // A private address counted before the analytics left them out is never shown (its secret).
        sources: sourcesReport(
          sourceRows.filter((row) => !holdsSecret(row.value)),
          leadsOf(leadRows, filter),
          length,
        ),
        funnels: funnelRows,
        credit,
        timeToWon: wonTiming,
        filter,
        // Every goal, reached or not, in the order the owner knows them; the rate is of the
        // period's visitors (each day's distinct visitors, summed, as the totals count them).
        goals: GOAL_IDS.map((goal) => {
          const row = reached.get(goal);
          const visitors = row?.visitors ?? 0;
          return {
            goal,
            completions: row?.views ?? 0,
            visitors,
            rate: totals.visitors > 0 ? Math.min(1, visitors / totals.visitors) : 0,
          };
        }),
        topPages: topPages
          .filter((row) => !holdsSecret(row.value))
          .map(({ value, ...counts }) => ({ path: value, ...counts })),
        topReferrers: topReferrers.map(({ value, ...counts }) => ({ referrer: value, ...counts })),
        devices: devices.map(({ value, ...counts }) => ({
          device: value as AdminAnalytics['devices'][number]['device'],
          ...counts,
        })),
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
