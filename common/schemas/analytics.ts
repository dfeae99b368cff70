/** Page views: what the counter sends, and the owner's report. */
import { SOURCE_DIMENSIONS } from '../channels.ts';
import { GOAL_IDS } from '../goals.ts';
import { z } from './zod.ts';

/** A page view reported by the first-party analytics script (/insights.js). */
export const pageViewSchema = z.object({
  path: z
    .string()
    .max(2000)
    .regex(/^\/(?!\/)/, 'path must start with one slash'),
  referrer: z.string().max(2000).optional().default(''),
  screenWidth: z.number().int().min(0).max(100_000).optional(),
  screenHeight: z.number().int().min(0).max(100_000).optional(),
});

/**
 * The owner's analytics choices (issue 48, point 9): whether a browser's Global Privacy Control
 * signal (`Sec-GPC: 1`) keeps its visits and goals out of the counts.
 */
export const analyticsSettingsSchema = z.object({ honorGpc: z.boolean() });
export type AnalyticsSettings = z.infer<typeof analyticsSettingsSchema>;

const countRow = z.object({ views: z.number().int(), visitors: z.number().int() });

/** First-party analytics over the last `days` days (UTC), every day present. */
export const adminAnalyticsSchema = z.object({
  days: z.array(countRow.extend({ date: z.string() })),
  totals: countRow,
  topPages: z.array(countRow.extend({ path: z.string() })),
  topReferrers: z.array(countRow.extend({ referrer: z.string() })),
  devices: z.array(countRow.extend({ device: z.enum(['Mobile', 'Tablet', 'Desktop', 'Unknown']) })),
  settings: analyticsSettingsSchema,
  /**
   * One table per way of telling visits apart (issue 48, point 3): each value's visits (visitors
   * by their first page of the day), goals reached and visitors who reached one, their rate, and
   * from the pipeline its quote requests, won deals and won value (none for the device, which a
   * lead does not keep). At most 10 rows each, most visitors first.
   */
  sources: z.array(
    z.object({
      dimension: z.enum(SOURCE_DIMENSIONS.map((dimension) => dimension.id) as [string, ...string[]]),
      rows: z.array(
        z.object({
          value: z.string(),
          visitors: z.number().int(),
          completions: z.number().int(),
          converted: z.number().int(),
          rate: z.number().min(0).max(1),
          quotes: z.number().int().nullable(),
          won: z.number().int().nullable(),
          wonValueUsd: z.number().int().nullable(),
        }),
      ),
    }),
  ),
  /** Each goal: how often it was reached, by how many visitors, and their share of the period's visitors. */
  goals: z.array(
    z.object({
      goal: z.enum(GOAL_IDS),
      completions: z.number().int(),
      visitors: z.number().int(),
      rate: z.number().min(0).max(1),
    }),
  ),
});

export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;
