/**
 * Read-only links to the analytics (issue 48, point 6): the owner makes one for a partner or an
 * accountant, naming it and choosing what it shows; whoever has the address reads those parts of
 * the 30-day report, and nothing else (not the settings, not the forms). The token is shown once
 * and kept as its SHA-256; revoking deletes the link, and its address answers 404 from then on.
 */
import { asc, eq } from 'drizzle-orm';
import type {
  AdminAnalytics,
  AnalyticsShare,
  SharedAnalytics,
  ShareSection,
} from '../../../common/schemas/analytics.ts';
import type { Db } from '../../db/client.ts';
import { analyticsShares } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import type { AnalyticsService } from './service.ts';

export const SHARED_DAYS = 30;
const GONE = 'This link no longer works. Ask for a new one.';

/** The parts of the report each section shows. */
const PARTS: Record<ShareSection, (keyof AdminAnalytics)[]> = {
  summary: ['days', 'totals', 'previous', 'rightNow', 'devices'],
  goals: ['goals'],
  funnels: ['funnels'],
  sources: ['sources', 'credit', 'timeToWon'],
  pages: ['topPages', 'topReferrers'],
};

const shareOf = (row: typeof analyticsShares.$inferSelect): AnalyticsShare => ({
  id: row.id,
  label: row.label,
  sections: row.sections as ShareSection[],
  createdAt: row.createdAt.toISOString(),
});

export function analyticsSharing(db: Db, analytics: Pick<AnalyticsService, 'report'>) {
  return {
    async list(): Promise<AnalyticsShare[]> {
      return (await db.select().from(analyticsShares).orderBy(asc(analyticsShares.id))).map(shareOf);
    },

    async create(share: {
      label: string;
      sections: ShareSection[];
    }): Promise<AnalyticsShare & { token: string }> {
      const token = randomToken(24);
      const [row] = await db
        .insert(analyticsShares)
        .values({ label: share.label, sections: [...new Set(share.sections)], tokenHash: sha256Hex(token) })
        .returning();
      if (!row) throw new Error('share not stored');
      return { ...shareOf(row), token };
    },

    async revoke(id: number): Promise<void> {
      const gone = await db.delete(analyticsShares).where(eq(analyticsShares.id, id)).returning();
      if (gone.length === 0) throw notFound('That link does not exist (it may have been revoked already).');
    },

    /** The chosen parts of the report for whoever holds the token; 404 once revoked. */
    async read(token: string): Promise<SharedAnalytics> {
      const [row] = await db
        .select()
        .from(analyticsShares)
        .where(eq(analyticsShares.tokenHash, sha256Hex(token)));
      if (!row) throw notFound(GONE);
      const share = shareOf(row);
      const report = await analytics.report(SHARED_DAYS);
      const shown: Partial<AdminAnalytics> = {};
      for (const section of share.sections) {
        for (const part of PARTS[section] ?? []) Object.assign(shown, { [part]: report[part] });
      }
      return { label: share.label, sections: share.sections, days: SHARED_DAYS, report: shown };
    },
  };
}

export type AnalyticsSharing = ReturnType<typeof analyticsSharing>;
