/**
 * The owner's week in one email: every Monday from 08:00 in the owner's time zone, a digest of
 * the last seven days (page views and visitors, the most read posts, new quote requests and
 * messages, new newsletter subscribers, the goals reached and the deals won by source) is queued
 * in the outbox. The week is claimed in `app_meta` (`digest:<Monday>`)
 * in the same transaction as the message, so several processes, restarts and hourly checks
 * queue it once; a site that was down on Monday queues it when it comes back that week.
 */

import { channelOf, type LeadsBySource } from '../../../common/channels.ts';
import { goalLabel } from '../../../common/goals.ts';
import { dollars } from '../../../common/money.ts';
import { describeTime } from '../../../common/zoned-time.ts';
import type { Db } from '../../db/client.ts';
import { appMeta } from '../../db/schema.ts';
import type { AnalyticsService } from '../analytics/service.ts';
import type { BookingService } from '../booking/service.ts';
import type { ContactService } from '../contact/service.ts';
import type { NewsletterService } from '../newsletter/service.ts';
import { enqueueNotification } from './service.ts';

const DAY_MS = 86_400_000;
/** The hour (owner's time) from which Monday's digest is due. */
export const DIGEST_HOUR = 8;
const CHECK_EVERY_MS = 60 * 60 * 1000;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * The week's won deals by where their leads came from: the channel with the campaign when there
 * was one, most value first ("newsletter (spring): $8,500 from 1 deal").
 */
export function wonBySource(leads: LeadsBySource[]): string {
  const bySource = new Map<string, { value: number; deals: number }>();
  for (const lead of leads) {
    if (lead.won === 0) continue;
    const name = `${channelOf(lead)}${lead.utmCampaign ? ` (${lead.utmCampaign})` : ''}`;
    const entry = bySource.get(name) ?? { value: 0, deals: 0 };
    entry.value += lead.wonValue;
    entry.deals += lead.won;
    bySource.set(name, entry);
  }
  if (bySource.size === 0) return 'none this week';
  return [...bySource]
    .sort(([a, x], [b, y]) => y.value - x.value || a.localeCompare(b))
    .map(
      ([name, { value, deals }]) =>
        `${name}: ${dollars.format(value)} from ${deals} ${deals === 1 ? 'deal' : 'deals'}`,
    )
    .join(', ');
}

export interface DigestTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * The Monday (YYYY-MM-DD, owner's calendar) whose digest is due at `at`, or null before 08:00
 * on a Monday (last week's was due a week ago).
 */
export function digestWeekOf(at: Date, timeZone: string): string | null {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const sinceMonday = WEEKDAYS.indexOf(parts.weekday ?? '');
  if (sinceMonday === 0 && Number(parts.hour) < DIGEST_HOUR) return null;
  // Calendar arithmetic on the owner's date, at noon UTC so no zone shift changes the day.
  const local = new Date(`${parts.year}-${parts.month}-${parts.day}T12:00:00Z`);
  return new Date(local.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

export interface DigestOptions {
  db: Db;
  analytics: Pick<AnalyticsService, 'report'>;
  contact: Pick<ContactService, 'leadsSince' | 'leadsBySource'>;
  booking: Pick<BookingService, 'bookedSince'>;
  newsletter: { subscribers: Pick<NewsletterService['subscribers'], 'newSince'> };
  timeZone: string;
  siteUrl: string;
  now?: () => Date;
  timers?: DigestTimers;
  onError?: (error: unknown) => void;
}

export function createDigest({
  db,
  analytics,
  contact,
  booking,
  newsletter,
  timeZone,
  siteUrl,
  now = () => new Date(),
  timers = {
    setTimeout: (run, ms) => setTimeout(run, ms).unref(),
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  },
  onError = () => {},
}: DigestOptions) {
  let timer: unknown = null;
  let stopped = false;

  /** Queues this week's digest if it is due and not queued yet; true when this call queued it. */
  async function runOnce(): Promise<boolean> {
    const at = now();
    const week = digestWeekOf(at, timeZone);
    if (!week) return false;
    const since = new Date(at.getTime() - 7 * DAY_MS);
    // Figures first (reads), then the claim and the message together.
    const [report, leads, calls, readers, won] = await Promise.all([
      analytics.report(7),
      contact.leadsSince(since),
      booking.bookedSince(since),
      newsletter.subscribers.newSince(since),
      contact.leadsBySource(since, 'won'),
    ]);
    const goals = report.goals.filter((goal) => goal.completions > 0);
    const topPosts = report.topPages.filter((page) => page.path.startsWith('/blog/')).slice(0, 5);
    return db.transaction(async (tx) => {
      const claimed = await tx
        .insert(appMeta)
        .values({ key: `digest:${week}`, value: at.toISOString() })
        .onConflictDoNothing()
        .returning({ key: appMeta.key });
      if (claimed.length === 0) return false;
      await enqueueNotification(tx, {
        kind: 'digest',
        subject: `Your week on the site: ${report.totals.views} page views, ${leads.quotes.length} quote requests`,
        fields: {
          Week: `the 7 days to ${at.toISOString().slice(0, 10)}`,
          'Page views': report.totals.views,
          Visitors: report.totals.visitors,
          'Most read posts': topPosts.length
            ? topPosts.map((page) => `${siteUrl}${page.path} (${page.views})`).join(', ')
            : 'none this week',
          'New quote requests': leads.quotes.length
            ? `${leads.quotes.length}: ${leads.quotes.map((quote) => `${quote.name} (${quote.projectType})`).join(', ')}`
            : '0',
          'New messages': leads.messages,
          'Calls booked': calls.length
            ? `${calls.length}: ${calls.map((call) => `${call.name} (${describeTime(call.start, timeZone)})`).join(', ')}`
            : '0',
          'New subscribers': `${readers.subscribed} signed up, ${readers.confirmed} confirmed`,
          'Goals reached': goals.length
            ? goals.map((goal) => `${goalLabel(goal.goal)} ${goal.completions}`).join(', ')
            : 'none this week',
          'Won this week by source': wonBySource(won),
          Dashboard: `${siteUrl}/admin/blog/pipeline`,
        },
      });
      return true;
    });
  }

  const check = () => {
    timer = null;
    if (stopped) return;
    runOnce()
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = timers.setTimeout(check, CHECK_EVERY_MS);
      });
  };

  return {
    runOnce,
    /** Checks now, then every hour. */
    start() {
      stopped = false;
      check();
    },
    stop() {
      stopped = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}

export type Digest = ReturnType<typeof createDigest>;
