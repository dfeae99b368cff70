import { dateAndTime } from '../lib/dates.ts';
import { useTimeZone } from '../lib/site.ts';

/**
 * A date and time as the owner reads it (in the zone the root loader names, written after it,
 * the same on the server and in the browser), with the exact instant for machines.
 */
export function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={new Date(iso).toISOString()}>
      {dateAndTime(iso, useTimeZone())}
    </time>
  );
}
