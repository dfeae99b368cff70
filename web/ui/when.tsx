import { dateAndTime } from '../lib/dates.ts';

/** A date and time as the owner reads it (their browser's zone), with the exact instant for machines. */
export function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={new Date(iso).toISOString()}>
      {dateAndTime(iso)}
    </time>
  );
}
