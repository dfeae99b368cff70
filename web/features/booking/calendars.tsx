/**
 * The owner's calendars on the Calls page (issue 49, point 6): each feed's last good read and,
 * when the last ask went wrong, what went wrong and what the slots do meanwhile.
 */
import type { CalendarState } from '../../../common/schemas/booking.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { When } from '../../ui/when.tsx';
import { Panel, StatusBadge } from '../admin/panel.tsx';
import { useCalendars } from './api.ts';

function CalendarRow({ calendar }: { calendar: CalendarState }) {
  const tone = calendar.problem ? (calendar.goodAt ? 'notice' : 'bad') : calendar.goodAt ? 'good' : 'quiet';
  const badge = calendar.problem
    ? calendar.goodAt
      ? 'Last read failed'
      : 'Cannot be read'
    : calendar.goodAt
      ? 'Read'
      : 'Not read yet';
  return (
    <li className="rounded-md border border-border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium break-all">{calendar.label}</span>
        <StatusBadge tone={tone}>{badge}</StatusBadge>
      </div>
      {calendar.goodAt ? (
        <p className="mt-1 text-muted-foreground">
          Last read <When iso={calendar.goodAt} />: {calendar.busy} busy{' '}
          {calendar.busy === 1 ? 'time' : 'times'} in the days visitors can book.
        </p>
      ) : (
        <p className="mt-1 text-muted-foreground">Visitors are offered no time until it has been read.</p>
      )}
      {calendar.problem && (
        <p className="mt-1 text-destructive">
          {`What went wrong: ${calendar.problem}.`}
          {calendar.goodAt
            ? ' Slots come from the last good read meanwhile; a booking waits for a new one.'
            : ''}
        </p>
      )}
    </li>
  );
}

export function CalendarsPanel() {
  const calendars = useCalendars();
  return (
    <Panel
      headingId="calendars-heading"
      title="Your calendars"
      description="Busy times in these calendars block the times visitors can book, with your buffers."
    >
      {calendars.data ? (
        calendars.data.length === 0 ? (
          <p className="mt-4 text-sm text-muted-foreground">
            No calendar connected. Set <code>BOOKING_ICS_URLS</code> to your calendars&apos; private addresses
            in iCal format, separated by spaces, and restart the site.
          </p>
        ) : (
          <ul className="mt-4 space-y-2">
            {calendars.data.map((calendar) => (
              <CalendarRow key={calendar.label} calendar={calendar} />
            ))}
          </ul>
        )
      ) : (
        <LoadState
          className="mt-4"
          pending={calendars.isPending}
          error={calendars.error}
          loading="Loading your calendars"
          failed="Could not load your calendars."
        />
      )}
    </Panel>
  );
}
