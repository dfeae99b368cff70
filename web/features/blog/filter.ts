/** 'MMMM d, yyyy' (November 22, 2026), in UTC so the server and the browser agree. */
export function longDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));
}
