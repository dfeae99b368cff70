/**
 * First-party page views without cookies and without stored IP addresses (issue 21, issue 48).
 * The analytics service, put together from its parts (issue 63): counting (recording.ts), the
 * funnels (funnel-store.ts), the owner's report (report.ts, with sources-report.ts) and the
 * owner's settings, here.
 */
import type { Credit, LeadsBySource } from '../../../common/channels.ts';
import {
  type AdminAnalytics,
  type AnalyticsSettings,
  analyticsSettingsSchema,
} from '../../../common/schemas/analytics.ts';
import type { Db } from '../../db/client.ts';
import { jsonSetting } from '../../lib/app-settings.ts';
import { funnelStore } from './funnel-store.ts';
import { recorder } from './recording.ts';
import { reporter } from './report.ts';

export { advanceFunnels, type StoredFunnel } from './funnel-store.ts';
export { campaignOf, type PageView, referrerHost } from './page-view.ts';
export { UNKNOWN_COUNTRY } from './recording.ts';
export type { SourceFilter } from './sources-report.ts';

/** The owner's analytics settings; counting goes on as by default without them. */
const stored = jsonSetting<AnalyticsSettings>('analytics:settings', analyticsSettingsSchema, () => ({
  honorGpc: false,
}));

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
  // Read once per process until they change (every page view asks).
  let settingsRead: Promise<AnalyticsSettings> | undefined;

  const readSettings = () => stored.get(db);

  function settings(): Promise<AnalyticsSettings> {
    settingsRead ??= readSettings().catch((error: unknown) => {
      settingsRead = undefined;
      throw error;
    });
    return settingsRead;
  }

  const funnels = funnelStore(db, { changed });
  return {
    settings,
    funnels: funnels.funnels,
    createFunnel: funnels.createFunnel,
    deleteFunnel: funnels.deleteFunnel,

    /** Forgets the settings and funnels read (another process saved new ones). */
    forgetSettings(): void {
      settingsRead = undefined;
      funnels.forget();
    },

    async saveSettings(next: AnalyticsSettings): Promise<AnalyticsSettings> {
      await stored.set(db, next);
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

    ...recorder(db, { now, rawRetentionDays, funnels }),
    ...reporter(db, { now, settings, funnels, leads, timeToWon }),
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
