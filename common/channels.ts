/**
 * Where a visit came from, grouped as the owner reads it (issue 48, point 3): a search engine,
 * a social site, the newsletter, the fediverse, another site, or nothing (direct). The same
 * grouping serves a page view's visit and a lead's source, so their rows meet in one table.
 */

export const CHANNELS = ['search', 'social', 'newsletter', 'fediverse', 'other sites', 'direct'] as const;
export type Channel = (typeof CHANNELS)[number];

const SEARCH =
  /(^|\.)(google|bing|duckduckgo|yahoo|ecosia|baidu|yandex|kagi|startpage|qwant|brave)\.[a-z.]+$/;
const SOCIAL =
  /(^|\.)(twitter\.com|x\.com|t\.co|facebook\.com|fb\.com|linkedin\.com|lnkd\.in|reddit\.com|news\.ycombinator\.com|threads\.net|bsky\.app|instagram\.com|youtube\.com|tiktok\.com|pinterest\.com)$/;
const FEDIVERSE =
  /(^|\.)(mastodon\.[a-z.]+|[a-z0-9-]+\.social|fosstodon\.org|hachyderm\.io|infosec\.exchange|mstdn\.[a-z.]+|pixelfed\.[a-z.]+|misskey\.[a-z.]+)$/;
const NEWSLETTER_WORDS = /^(email|e-mail|newsletter|mail)$/i;
const FEDIVERSE_WORDS = /^(mastodon|fediverse|activitypub)$/i;
/** A campaign's source or medium that names a search engine or paid search (Google Ads' cpc). */
const SEARCH_WORDS =
  /^(google|bing|duckduckgo|yahoo|ecosia|baidu|yandex|kagi|startpage|qwant|brave|cpc|ppc|paid[-_ ]?search|sem|organic)$/i;
/** A campaign's source or medium that names a social site or social media (paid or not). */
const SOCIAL_WORDS =
  /^(twitter|x|facebook|fb|instagram|ig|linkedin|reddit|hackernews|hn|threads|bluesky|bsky|youtube|tiktok|pinterest|social|social[-_ ]?(media|network|paid)|paid[-_ ]?social|sm)$/i;

/**
 * The channel of a visit: its campaign's words first (the newsletter, the fediverse), then the
 * site that sent it; a campaign with no sending site (an ad's click, an app's link: browsers often
 * send no referrer) by what its words name, a search engine or a social site, before 'other sites'.
 */
export function channelOf(source: {
  referrer?: string | null | undefined;
  utmSource?: string | null | undefined;
  utmMedium?: string | null | undefined;
}): Channel {
  const words = [source.utmSource, source.utmMedium].filter((word): word is string => Boolean(word));
  if (words.some((word) => NEWSLETTER_WORDS.test(word))) return 'newsletter';
  if (words.some((word) => FEDIVERSE_WORDS.test(word))) return 'fediverse';
  const host = (source.referrer ?? '')
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^www\./, '');
  if (SEARCH.test(host)) return 'search';
  if (SOCIAL.test(host)) return 'social';
  if (FEDIVERSE.test(host)) return 'fediverse';
  // Social before search: 'cpc' from facebook is a social ad.
  if (words.some((word) => SOCIAL_WORDS.test(word))) return 'social';
  if (words.some((word) => SEARCH_WORDS.test(word))) return 'search';
  return host || words.length > 0 ? 'other sites' : 'direct';
}

/** The tables of the Sources report: one per way of telling visits apart. */
export const SOURCE_DIMENSIONS = [
  { id: 'channel', label: 'Channel' },
  { id: 'utm_source', label: 'Campaign source' },
  { id: 'utm_medium', label: 'Campaign medium' },
  { id: 'utm_campaign', label: 'Campaign' },
  { id: 'landing', label: 'Landing page' },
  { id: 'read', label: 'Post or project read' },
  { id: 'country', label: 'Country' },
  { id: 'visit_device', label: 'Device' },
] as const;
export type SourceDimension = (typeof SOURCE_DIMENSIONS)[number]['id'];

/** How a value of a source table reads: a country by its English name ('US' as "United States"). */
export function sourceValueLabel(dimension: string, value: string): string {
  if (dimension !== 'country' || !/^[A-Z]{2}$/.test(value)) return value;
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(value) ?? value;
  } catch {
    return value;
  }
}

/**
 * The dimensions a visit has one value of (its source), which the funnels are also counted by; a
 * visit may read many posts, so "read" is not one of them.
 */
export const VISIT_DIMENSIONS = SOURCE_DIMENSIONS.map((dimension) => dimension.id).filter(
  (id): id is Exclude<SourceDimension, 'read'> => id !== 'read',
);

/**
 * What a report can be filtered by (issue 48, point 5): a visit's source, a page (`page:/pricing`)
 * or a goal (`goal:quote`).
 */
export const FILTER_DIMENSIONS = [...VISIT_DIMENSIONS, 'page', 'goal'] as const;
export type FilterDimension = (typeof FILTER_DIMENSIONS)[number];

/** A post's or a project's address: what a visit reads (and a lead keeps as its last read). */
export const READ_PATH = /^\/(blog\/[^/]+|projects\/[^/]+)$/;

/** The most reads a visit keeps (a goal counts under each post or project read before it). */
export const READS_KEPT = 20;

/** The most reads a lead's source keeps (the visit cookie's, the most recent). */
export const READS_IN_SOURCE = 10;

/** Which touch a lead's won value is credited to (issue 48, point 4): its first, by default, or its last. */
export const CREDITS = ['first', 'last'] as const;
export type Credit = (typeof CREDITS)[number];

/** Quote requests of one source, as the pipeline counts them (what the Sources tables set beside the visits). */
export interface LeadsBySource {
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  /** The landing page without its query. */
  landing: string | null;
  /** The last post or project read before the request. */
  lastRead: string | null;
  /** Every post and project read in the visit (the last one among them). */
  reads: string[];
  /** The two-letter country of the request's address. */
  country: string | null;
  quotes: number;
  won: number;
  wonValue: number;
}
