/** Page views: what the counter sends, and the owner's report. */
import {
  CREDITS,
  FILTER_DIMENSIONS,
  type FilterDimension,
  SOURCE_DIMENSIONS,
  type SourceDimension,
} from '../channels.ts';
import {
  FUNNEL_MAX_STEPS,
  FUNNEL_MIN_STEPS,
  FUNNEL_NAME_MAX,
  FUNNEL_STEP_FIELDS,
  type FunnelStep,
  parseStep,
} from '../funnels.ts';
import { BEACON_GOALS, GOAL_IDS, isGoal } from '../goals.ts';
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

/** A goal the counter's beacon reports (the contact form seen); any other is refused. */
export const beaconSchema = z.object({
  goal: z.enum(BEACON_GOALS),
  path: pageViewSchema.shape.path,
});

const sourceDimension = z.enum(
  SOURCE_DIMENSIONS.map((dimension) => dimension.id) as [SourceDimension, ...SourceDimension[]],
);
/** What a report can be filtered by: a dimension a visit has one value of, a page or a goal. */
const filterDimension = z.enum(FILTER_DIMENSIONS as unknown as [FilterDimension, ...FilterDimension[]]);

/**
 * A report of one source's visits, one page or one goal: `channel:newsletter`,
 * `utm_campaign:spring`, `page:/pricing`, `goal:quote` ('' for all visitors).
 */
export const sourceFilterSchema = z
  .string()
  .max(310, 'Choose a source, a page or a goal from the list.')
  .optional()
  .transform((text, context) => {
    if (!text) return null;
    const at = text.indexOf(':');
    const dimension = filterDimension.safeParse(text.slice(0, Math.max(at, 0)));
    const value = text.slice(at + 1);
    const fits =
      dimension.data === 'page'
        ? /^\/[^\s?#]{0,299}$/.test(value)
        : dimension.data === 'goal'
          ? isGoal(value)
          : value.length > 0 && value.length <= 300;
    if (at < 0 || !dimension.success || !fits) {
      context.addIssue({ code: 'custom', message: 'Choose a source, a page or a goal from the list.' });
      return z.NEVER;
    }
    return { dimension: dimension.data, value };
  });

const funnelStepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page'), paths: z.array(z.string()).min(1).max(5) }),
  z.object({ kind: z.literal('goal'), goal: z.enum(GOAL_IDS) }),
]) as unknown as z.ZodType<FunnelStep, FunnelStep>;

/** An owner's funnel as the API takes it: a name and 2 to 8 page or goal steps. */
export const funnelSchema = z.object({
  name: z.string().trim().min(1, 'Name the funnel.').max(FUNNEL_NAME_MAX),
  steps: z
    .array(funnelStepSchema)
    .min(FUNNEL_MIN_STEPS, `A funnel has ${FUNNEL_MIN_STEPS} to ${FUNNEL_MAX_STEPS} steps.`)
    .max(FUNNEL_MAX_STEPS, `A funnel has ${FUNNEL_MIN_STEPS} to ${FUNNEL_MAX_STEPS} steps.`)
    .superRefine((steps, context) => {
      steps.forEach((step, i) => {
        if (step.kind !== 'page') return;
        const problem = step.paths.map((path) => parseStep(path)).find((parsed) => 'problem' in parsed);
        if (problem && 'problem' in problem) {
          context.addIssue({ code: 'custom', message: `Step ${i + 1} ${problem.problem}.` });
        }
      });
    }),
});

/**
 * The owner's funnel form: a name and up to 8 step fields, each a page address or a goal's name
 * as typed (empty ones left out), read into what the API takes; a wrong step's message is beside
 * its field, a wrong count of steps beside the steps (`steps`).
 */
export const funnelFormSchema = z
  .object({
    name: z.string().max(FUNNEL_NAME_MAX * 2),
    ...(Object.fromEntries(
      FUNNEL_STEP_FIELDS.map((field) => [field, z.string().max(1200).optional()]),
    ) as Record<string, z.ZodOptional<z.ZodString>>),
  })
  .transform((values, context) => {
    const steps: FunnelStep[] = [];
    const typed = values as Record<string, string | undefined>;
    FUNNEL_STEP_FIELDS.forEach((field, i) => {
      const text = typed[field] ?? '';
      if (!text.trim()) return;
      const parsed = parseStep(text);
      if ('problem' in parsed) {
        context.addIssue({ code: 'custom', path: [field], message: `Step ${i + 1} ${parsed.problem}.` });
      } else steps.push(parsed);
    });
    return { name: values.name ?? '', steps };
  })
  .pipe(funnelSchema);

/** Which touch of a lead the won value is credited to: `first` unless `last` is asked for. */
export const creditSchema = z.enum(CREDITS).catch('first');

const countRow = z.object({ views: z.number().int(), visitors: z.number().int() });

/** First-party analytics over the last `days` days (UTC), every day present. */
export const adminAnalyticsSchema = z.object({
  days: z.array(countRow.extend({ date: z.string() })),
  totals: countRow,
  /** The same totals for the as many days before (issue 48, point 5): what the period is compared with. */
  previous: countRow,
  /** Visitors with a page view in the last 5 minutes. */
  rightNow: z.number().int(),
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
      dimension: sourceDimension,
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
  /**
   * Each funnel (the built-in one first, then the owner's from the day each was made): the
   * visitors at each step in the period, of the chosen source when filtered (the Won step is the
   * pipeline's, none by device); for each page step nobody reached, whether any
   * page counted in the period matches them.
   */
  funnels: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      builtIn: z.boolean(),
      since: z.string().nullable(),
      steps: z.array(
        z.object({
          label: z.string(),
          visitors: z.number().int().nullable(),
          pageSeen: z.boolean().nullable(),
        }),
      ),
    }),
  ),
  /** Which touch of each lead the Sources tables credit (first by default, issue 48 point 4). */
  credit: z.enum(CREDITS),
  /** The deals won in the period and the median days from their first visit to won. */
  timeToWon: z.object({ deals: z.number().int(), medianDays: z.number().nullable() }),
  /** The source the funnels were filtered by, if any. */
  filter: z.object({ dimension: filterDimension, value: z.string() }).nullable(),
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

/** What a shared link may show: the summary (days, totals, devices), goals, funnels, sources, pages. */
export const SHARE_SECTIONS = [
  { id: 'summary', label: 'Page views and visitors' },
  { id: 'goals', label: 'Goals' },
  { id: 'funnels', label: 'Funnels' },
  { id: 'sources', label: "Sources, with the pipeline's won value" },
  { id: 'pages', label: 'Top pages and referrers' },
] as const;
export type ShareSection = (typeof SHARE_SECTIONS)[number]['id'];
const shareSection = z.enum(SHARE_SECTIONS.map((section) => section.id) as [ShareSection, ...ShareSection[]]);

/** A new read-only link: who it is for, and what it shows (at least one section). */
export const shareCreateSchema = z.object({
  label: z.string().trim().min(1, 'Say who the link is for.').max(80),
  sections: z.array(shareSection).min(1, 'Choose at least one thing to show.').max(SHARE_SECTIONS.length),
});

export const analyticsShareSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  sections: z.array(shareSection),
  createdAt: z.string(),
});
export type AnalyticsShare = z.infer<typeof analyticsShareSchema>;

/** A link just made: its address's token, shown to the owner this once. */
export const createdShareSchema = analyticsShareSchema.extend({ token: z.string() });

/** What a shared link shows: the chosen parts of the 30-day report, nothing else. */
export const sharedAnalyticsSchema = z.object({
  label: z.string(),
  sections: z.array(shareSection),
  days: z.number().int(),
  report: adminAnalyticsSchema.partial(),
});
export type SharedAnalytics = z.infer<typeof sharedAnalyticsSchema>;
