/**
 * Where this visit came from, kept for the quote form: the first page of the visit with its
 * utm_* values, the other site that linked to it (host only), and the last post or project
 * read. It lives in sessionStorage (this tab, this visit: no cookie, nothing sent until the
 * visitor sends a quote request), and blocked storage only means no source.
 */
import type { LeadSource } from '../../common/schemas/contact.ts';

const KEY = 'portfolio:visit';
/** A post or a project: what a visitor read before asking for a quote. */
const READ = /^\/(blog\/[^/]+|projects\/[^/]+)$/;
const UTM = ['source', 'medium', 'campaign', 'term', 'content'] as const;

function load(): LeadSource | null {
  try {
    const text = sessionStorage.getItem(KEY);
    return text ? (JSON.parse(text) as LeadSource) : null;
  } catch {
    return null;
  }
}

function save(source: LeadSource) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(source));
  } catch {
    // Storage blocked: the quote goes without its source.
  }
}

const clip = (text: string, max: number) => text.slice(0, max);

/** The first page of this tab's visit: its address, campaign and referrer (once per visit). */
export function noteLanding(location: Pick<Location, 'pathname' | 'search' | 'host'>, referrer: string) {
  if (load()) return;
  const source: LeadSource = { landingPage: clip(location.pathname + location.search, 300) };
  try {
    const from = referrer ? new URL(referrer) : null;
    if (from && from.host !== location.host && /^https?:$/.test(from.protocol)) source.referrer = from.host;
  } catch {
    // Not an address: no referrer.
  }
  const params = new URLSearchParams(location.search);
  for (const key of UTM) {
    const value = params.get(`utm_${key}`)?.trim();
    if (value) source[`utm${key[0]?.toUpperCase()}${key.slice(1)}` as 'utmSource'] = clip(value, 100);
  }
  if (READ.test(location.pathname)) source.lastRead = location.pathname;
  save(source);
}

/** A page shown in this visit: a post or a project becomes the last thing read. */
export function notePage(pathname: string) {
  if (!READ.test(pathname)) return;
  const source = load();
  if (source && source.lastRead !== pathname) save({ ...source, lastRead: clip(pathname, 300) });
}

/** What the quote form sends along, or nothing. */
export function leadSource(): LeadSource | undefined {
  return load() ?? undefined;
}
