/**
 * OWNER: your time zone (an IANA name). The weekly digest's Monday, the booking calendar's
 * hours, and the times of the dashboard until your browser names its own. In a file of its own,
 * without the profile's schemas, so a page's code can read it without them.
 */
export const OWNER_TIME_ZONE = 'America/New_York';
