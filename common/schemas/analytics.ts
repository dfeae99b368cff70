/** Page views: what the counter sends, and the owner's report. */
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
