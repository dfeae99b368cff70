/**
 * Counting (issue 21, issue 48): a page view or a goal stored and added to today's roll-ups in
 * one transaction, the visit's source named by its first view, the funnels moved on. A visitor is
 * a hash of (daily salt, IP, user agent): the same person is one visitor within a day, and once
 * the day's random salt is deleted the hash can no longer be tied to an IP.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, like, ne, sql } from 'drizzle-orm';
import { channelOf, READ_PATH, READS_KEPT } from '../../../common/channels.ts';
import type { GoalId } from '../../../common/goals.ts';
import type { Db } from '../../db/client.ts';
import { analyticsDailyVisitors, analyticsVisits, appMeta, goalEvents, pageViews } from '../../db/schema.ts';
import { nowAndThen } from '../../lib/now-and-then.ts';
import type { funnelStore } from './funnel-store.ts';
import type { PageView } from './page-view.ts';
import { type Bucket, deviceOf, rollUpGoal, rollUpView, sourceBuckets, sweep } from './rollups.ts';

const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** app_meta key prefix for the per-day salt. */
const SALT_KEY_PREFIX = 'analytics_salt:';

export const UNKNOWN_COUNTRY = 'Unknown';

export function recorder(
  db: Db,
  {
    now,
    rawRetentionDays,
    funnels: { funnels, moveThroughFunnels },
  }: { now: () => Date; rawRetentionDays: number; funnels: ReturnType<typeof funnelStore> },
) {
  let cached: { day: string; salt: string } | undefined;
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
  };
}
