/**
 * The site's private addresses, in one list (issue 62, point 2): the pages and API paths whose
 * next segment is a secret (a booked call's link, a testimonial invitation, a newsletter reader's
 * links, a read-only link to the analytics, a resume download), and the query parameters that
 * carry one (a draft's preview, a sign-in link, a sign-in's code and state, a resume request, any
 * `token`). Whoever holds such an address holds what it opens, so:
 * - the access log writes it with the secret replaced (`redactAddress`),
 * - the analytics never count a view or a goal of it, nor show one counted before (`holdsSecret`),
 * - the page cache never keeps it (web-requests.ts), so nobody else is ever handed its page.
 */

/** Paths whose next segment is a secret: `/booking/<token>`, `/api/bookings/<token>/move`... */
const SECRET_AFTER = [
  '/booking/',
  '/testimonial/',
  '/shared/analytics/',
  '/newsletter/confirm/',
  '/newsletter/unsubscribe/',
  '/api/bookings/',
  '/api/testimonial-requests/',
  '/api/analytics/shared/',
  '/api/resume/download/',
  '/api/newsletter/subscription/',
  '/api/newsletter/one-click/',
] as const;

/** Query parameters whose value is a secret, on any address. */
const SECRET_PARAMS = ['token', 'link', 'code', 'state', 'preview', 'request'] as const;

/**
 * Query parameters whose value is a person's (what the owner searched the subscribers for: their
 * addresses): not a key to anything, but not for a log either.
 */
const PERSONAL_PARAMS = ['q'] as const;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const params = (names: readonly string[]) => `([?&](?:${names.join('|')})=)[^&#]*`;
// A path's secret segment (to the next /, ? or #), or a secret parameter's value. Case-blind: the
// router matches /Booking/ as /booking/.
const SECRET_PATH = `(${SECRET_AFTER.map(literal).join('|')})[^/?#]+`;
const SECRET = new RegExp(`^${SECRET_PATH}|${params(SECRET_PARAMS)}`, 'i');
const REDACT = new RegExp(`^${SECRET_PATH}|${params([...SECRET_PARAMS, ...PERSONAL_PARAMS])}`, 'gi');

/** Whether an address (a path, with its query or not) holds a secret. */
export function holdsSecret(address: string): boolean {
  return SECRET.test(address);
}

/** The address with every secret (and personal search) replaced by `[redacted]`, for a log. */
export function redactAddress(address: string): string {
  return address.replace(REDACT, (_whole, path?: string, param?: string) => `${path ?? param}[redacted]`);
}
