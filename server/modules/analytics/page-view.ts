/**
 * A page view as the beacon reports it (issue 21, issue 48): its path, the referring site, the
 * screen, the campaign its address named and the country of its address (which is not kept).
 */

export interface PageView {
  path: string;
  /** The referring site's host name, or null for a direct visit or one from this site. */
  referrerHost: string | null;
  screenWidth?: number | undefined;
  screenHeight?: number | undefined;
  /** The campaign the address named (utm_source, utm_medium, utm_campaign), each clipped. */
  utm?: { source?: string | undefined; medium?: string | undefined; campaign?: string | undefined };
  /** The two-letter country of the request's address, when the table knows it (the address is not kept). */
  country?: string | null | undefined;
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
