/**
 * First-party page views without cookies and without stored IP addresses. A
 * visitor is a hash of (daily salt, IP, user agent): the same person is one
 * visitor within a day, and once the day's random salt is deleted the hash can
 * no longer be tied to an IP, even by someone holding the database.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gte, inArray, like, ne, sql } from 'drizzle-orm';
import {
  channelOf,
  type LeadsBySource,
  SOURCE_DIMENSIONS,
  type SourceDimension,
} from '../../../common/channels.ts';
import { GOAL_IDS, type GoalId, isGoal } from '../../../common/goals.ts';
import {
  type AdminAnalytics,
  type AnalyticsSettings,
  analyticsSettingsSchema,
} from '../../../common/schemas/analytics.ts';
import type { Db } from '../../db/client.ts';
import { analyticsDaily, analyticsVisits, appMeta, goalEvents, pageViews } from '../../db/schema.ts';
import { nowAndThen } from '../../lib/now-and-then.ts';
import { deviceOf, rollUpGoal, rollUpView, sourceBuckets, sweep } from './rollups.ts';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

const SALT_KEY_PREFIX = 'analytics_salt:';
const SETTINGS_KEY = 'analytics:settings';
const DEFAULT_SETTINGS: AnalyticsSettings = { honorGpc: false };

const TOP_LIST_LENGTH = 10;
const DAY_MS = 86_400_000;

export interface PageView {
  path: string;
  /** The referring site's host name, or null for a direct visit or one from this site. */
  referrerHost: string | null;
  screenWidth?: number | undefined;
  screenHeight?: number | undefined;
  /** The campaign the address named (utm_source, utm_medium, utm_campaign), each clipped. */
  utm?: { source?: string | undefined; medium?: string | undefined; campaign?: string | undefined };
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

/** A lead's value in each source table (none for the device, which a lead does not keep). */
function leadValues(lead: LeadsBySource): Partial<Record<SourceDimension, string | null>> {
  return {
    channel: channelOf(lead),
    utm_source: lead.utmSource,
    utm_medium: lead.utmMedium,
    utm_campaign: lead.utmCampaign,
    landing: lead.landing,
  };
}

/** The Sources tables: the roll-ups' visits and goals by source, with the pipeline's leads beside them. */
function sourcesReport(
  rows: { dimension: string; value: string; views: number; visitors: number }[],
  leads: LeadsBySource[],
): AdminAnalytics['sources'] {
  const tables = new Map<string, Map<string, SourceRow>>();
  const rowOf = (dimension: string, value: string) => {
    const table = tables.get(dimension) ?? new Map<string, SourceRow>();
    tables.set(dimension, table);
    const withLeads = dimension !== 'visit_device';
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
  for (const { dimension, value, views, visitors } of rows) {
    const [kind, of] = dimension.includes(':') ? dimension.split(':') : ['visits', dimension];
    if (!of) continue;
    const row = rowOf(of, value);
    if (kind === 'visits') row.visitors += visitors;
    else if (kind === 'goal') {
      row.completions += views;
      row.converted += visitors;
    }
  }
  for (const lead of leads) {
    for (const [dimension, value] of Object.entries(leadValues(lead))) {
      if (!value) continue;
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
      .slice(0, TOP_LIST_LENGTH),
  }));
}

export function createAnalyticsService(
  db: Db,
  {
    now = () => new Date(),
    rawRetentionDays = 0,
    changed = () => {},
    leads = async () => [],
  }: {
    now?: () => Date;
    rawRetentionDays?: number;
    /** Says the settings changed, in every process (the read cache's invalidation). */
    changed?: () => void;
    /** The pipeline's quote requests since a date by their source (the contact module's). */
    leads?: (since: Date) => Promise<LeadsBySource[]>;
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

  return {
    settings,

    /** Forgets the settings read (another process saved new ones). */
    forgetSettings(): void {
      settingsRead = undefined;
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
        };
        const began = await tx
          .insert(analyticsVisits)
          .values(visit)
          .onConflictDoNothing()
          .returning({ day: analyticsVisits.day });
        await tx.execute(rollUpView(day, view, visitorHash, began.length > 0 ? sourceBuckets(visit) : []));
      });
      if (sweepDue()) await sweep(db, day, rawRetentionDays, at);
    },

    /**
     * Counts a goal reached by a visitor (its hash as for page views), from the page `path` when
     * known: the raw row and its roll-up in one transaction, as a page view is stored.
     */
    async recordGoal(goal: GoalId, visitorHash: string, path: string | null = null): Promise<void> {
      const at = now();
      const day = at.toISOString().slice(0, 10);
      await db.transaction(async (tx) => {
        await tx.insert(goalEvents).values({ goal, visitorHash, path, createdAt: at });
        // Under the visit's source when its page views were counted today (not without the page's code).
        const [visit] = await tx
          .select()
          .from(analyticsVisits)
          .where(and(eq(analyticsVisits.day, day), eq(analyticsVisits.visitorHash, visitorHash)));
        await tx.execute(rollUpGoal(day, goal, visitorHash, visit ? sourceBuckets(visit) : []));
      });
    },

    /**
     * The owner's report: page views and visitors per UTC day for the last `days` days, the top
     * pages and referrers, and devices, read from the daily roll-ups (a few rows per day), never
     * from the raw views.
     */
    async report(days: number): Promise<AdminAnalytics> {
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
      const sourceDimensions: string[] = SOURCE_DIMENSIONS.flatMap(({ id }) => [id, `goal:${id}`]);
      const [perDay, topPages, topReferrers, devices, goals, chosen, sourceRows, leadRows] =
        await Promise.all([
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
          top('goal'),
          settings(),
          db
            .select({ dimension: analyticsDaily.dimension, value: analyticsDaily.value, views, visitors })
            .from(analyticsDaily)
            .where(and(inArray(analyticsDaily.dimension, sourceDimensions), gte(analyticsDaily.day, since)))
            .groupBy(analyticsDaily.dimension, analyticsDaily.value),
          leads(new Date(`${since}T00:00:00.000Z`)),
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
        settings: chosen,
        sources: sourcesReport(sourceRows, leadRows),
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
        topPages: topPages.map(({ value, ...counts }) => ({ path: value, ...counts })),
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
