/**
 * The zone a page writes its moments in (web/lib/dates.ts), the same on the server and in the
 * browser so that the HTML and its hydration agree (issue 65): a signed-in browser names its own
 * zone in a cookie from each page it loads (TIME_ZONE_SCRIPT), and the root loader reads it back
 * (pageTimeZone). Before the first page has told it, and for every visitor who is not signed in
 * (a page the cache may keep for everyone), it is the owner's zone (content/time-zone.ts).
 */
import { isTimeZone } from '../../common/zoned-time.ts';
import { OWNER_TIME_ZONE } from '../../content/time-zone.ts';

export const TIME_ZONE_COOKIE = 'tz';

/** Written into a signed-in page's <head>: the browser's zone into the cookie, when it changed. */
export const TIME_ZONE_SCRIPT = `try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone,c='${TIME_ZONE_COOKIE}='+encodeURIComponent(z);if(z&&document.cookie.split('; ').indexOf(c)<0)document.cookie=c+';path=/;max-age=31536000;samesite=lax'}catch(_){}`;

/** The zone of a page for this request's `Cookie` header: the browser's for the signed-in, else the owner's. */
export function pageTimeZone(cookieHeader: string | null, signedIn: boolean): string {
  if (!signedIn || !cookieHeader) return OWNER_TIME_ZONE;
  const value = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`).exec(cookieHeader)?.[1];
  if (!value) return OWNER_TIME_ZONE;
  let zone: string;
  try {
    zone = decodeURIComponent(value);
  } catch {
    return OWNER_TIME_ZONE;
  }
  return isTimeZone(zone) ? zone : OWNER_TIME_ZONE;
}
