/**
 * What a call sends (issue 21, point 4; issue 49): the .ics invitation (one UID for the call's
 * whole life), the visitor's and the owner's emails of a booking, a move or a cancellation, the
 * reminders, the event the owner's calendar keeps, and the owner's notice of a calendar that
 * cannot be read.
 */
import { describeTime, isTimeZone } from '../../../common/zoned-time.ts';
import { enqueueNotification, type Notification } from '../notifications/service.ts';
import type { CalendarDown } from './calendars/feeds.ts';
import { answerLines, type BookingContext, type BookingRow, minutesOf } from './context.ts';
import { callInvitation } from './ics.ts';

/** 'in 24 hours', 'in 1 hour'. */
const inHours = (hours: number) => `in ${hours} ${hours === 1 ? 'hour' : 'hours'}`;

export function bookingEmails({ options, now, manageUrl }: BookingContext) {
  /** The call's UID, the same for its whole life, in the invitations and the owner's calendar. */
  const uidOf = (row: Pick<BookingRow, 'id'>) => `booking-${row.id}@${new URL(options.siteUrl).host}`;

  /** The call as an iCalendar event: one UID for its whole life, cancelled once it is. */
  function invitation(row: BookingRow, link: string | undefined): string {
    return callInvitation({
      uid: uidOf(row),
      sequence: row.sequence,
      method: row.status === 'cancelled' ? 'CANCEL' : 'REQUEST',
      start: row.startAt,
      end: row.endAt,
      stamp: now(),
      summary: `${row.callTypeName ?? 'Call'}: ${row.name} and ${options.ownerName}`,
      description: `Topic: ${row.topic}${row.location ? `\nWhere: ${row.location}` : ''}${link ? `\n\nCancel or move: ${link}` : ''}`,
      location: row.location,
      url: link ?? options.siteUrl,
      organizer: { name: options.ownerName, email: options.ownerEmail },
      attendee: { name: row.name, email: row.email },
    });
  }

  const visitorZoneOf = (row: BookingRow, ownerTimeZone: string) =>
    row.timeZone && isTimeZone(row.timeZone) ? row.timeZone : ownerTimeZone;
  const lengthOf = (row: BookingRow) => `${minutesOf(row)} minutes`;

  /** The visitor's answers as email fields, each under its question. */
  const answerFields = (row: BookingRow) =>
    Object.fromEntries(row.answers.map(({ question, answer }) => [question, answer]));

  /** What the owner's emails of a call say of it. */
  const ownerFields = (row: BookingRow, ownerTimeZone: string) => ({
    Name: row.name,
    Email: row.email,
    When: describeTime(row.startAt, ownerTimeZone),
    'Their time': row.timeZone ? describeTime(row.startAt, visitorZoneOf(row, ownerTimeZone)) : undefined,
    Length: lengthOf(row),
    'Call type': row.callTypeName ?? undefined,
    Where: row.location ?? undefined,
    Topic: row.topic,
    ...answerFields(row),
    Bookings: `${options.siteUrl}/admin/blog/bookings`,
  });

  /** The .ics invitation and the two emails of a booking (or its move or cancellation). */
  async function notify(
    tx: Parameters<typeof enqueueNotification>[0],
    row: BookingRow,
    kind: 'booked' | 'moved' | 'cancelled',
    token: string | null,
    ownerTimeZone: string,
  ) {
    const visitorZone = visitorZoneOf(row, ownerTimeZone);
    const link = token ? manageUrl(token) : undefined;
    const ics = invitation(row, link);
    const attachment = {
      filename: kind === 'cancelled' ? 'cancelled-call.ics' : 'call.ics',
      contentType: 'text/calendar',
      content: ics,
      method: kind === 'cancelled' ? ('CANCEL' as const) : ('REQUEST' as const),
    };
    const verb = { booked: 'booked', moved: 'moved', cancelled: 'cancelled' }[kind];
    await enqueueNotification(tx, {
      kind: 'booking',
      sourceId: row.id,
      recipient: row.email,
      subject:
        kind === 'cancelled'
          ? `Cancelled: your call with ${options.ownerName}`
          : kind === 'moved'
            ? `Moved: your call with ${options.ownerName}, now ${describeTime(row.startAt, visitorZone)}`
            : `Your call with ${options.ownerName}: ${describeTime(row.startAt, visitorZone)}`,
      greeting: row.name,
      fields: {
        Call:
          kind === 'cancelled' ? `cancelled (it was ${describeTime(row.startAt, visitorZone)})` : `${verb}`,
        When: kind === 'cancelled' ? undefined : describeTime(row.startAt, visitorZone),
        Length: lengthOf(row),
        'Call type': row.callTypeName ?? undefined,
        Where: kind === 'cancelled' ? undefined : (row.location ?? undefined),
        Topic: row.topic,
        'Cancel or move': kind === 'cancelled' ? undefined : link,
        'Book another': kind === 'cancelled' ? `${options.siteUrl}/book-a-call` : undefined,
      },
      attachment,
    });
    await enqueueNotification(tx, {
      kind: 'booking',
      sourceId: row.id,
      subject: `Call ${verb}: ${row.name}, ${describeTime(row.startAt, ownerTimeZone)}`,
      fields: ownerFields(row, ownerTimeZone),
      attachment,
    });
  }

  /** The reminder's two emails: the visitor's with the private link, and the owner's. */
  async function remind(
    tx: Parameters<typeof enqueueNotification>[0],
    row: BookingRow,
    hours: number,
    ownerTimeZone: string,
  ) {
    const visitorZone = visitorZoneOf(row, ownerTimeZone);
    const token = row.manageTokenSealed ? options.sealer?.open(row.manageTokenSealed) : null;
    await enqueueNotification(tx, {
      kind: 'booking',
      sourceId: row.id,
      recipient: row.email,
      subject: `Reminder: your call with ${options.ownerName}, ${describeTime(row.startAt, visitorZone)}`,
      greeting: row.name,
      fields: {
        Call: inHours(hours),
        When: describeTime(row.startAt, visitorZone),
        Length: lengthOf(row),
        'Call type': row.callTypeName ?? undefined,
        Where: row.location ?? undefined,
        Topic: row.topic,
        'Cancel or move': token ? manageUrl(token) : undefined,
      },
    });
    await enqueueNotification(tx, {
      kind: 'booking',
      sourceId: row.id,
      subject: `Reminder: call with ${row.name}, ${describeTime(row.startAt, ownerTimeZone)}`,
      fields: { Call: inHours(hours), ...ownerFields(row, ownerTimeZone) },
    });
  }

  return {
    uidOf,
    invitation,
    notify,
    remind,

    /**
     * The call as the owner's calendar keeps it (CalDAV): no method, organizer or attendee (a
     * server that schedules would invite the visitor again), who and why in its description.
     */
    calendarEvent(row: BookingRow): string {
      return callInvitation({
        uid: uidOf(row),
        sequence: row.sequence,
        method: null,
        start: row.startAt,
        end: row.endAt,
        stamp: now(),
        summary: `${row.callTypeName ?? 'Call'}: ${row.name}`,
        description: [
          `With: ${row.name} <${row.email}>`,
          ...(row.location ? [`Where: ${row.location}`] : []),
          `Topic: ${row.topic}`,
          ...answerLines(row.answers),
          '',
          `Bookings: ${options.siteUrl}/admin/blog/bookings`,
        ].join('\n'),
        location: row.location,
        url: `${options.siteUrl}/admin/blog/bookings`,
        organizer: { name: options.ownerName, email: options.ownerEmail },
        attendee: { name: row.name, email: row.email },
      });
    },
  };
}

/**
 * The owner's email when one of their calendars has had no good read for 5 minutes (issue 65):
 * until it is read again, visitors are offered no time to book.
 */
export function calendarDownNotice(calendar: CalendarDown, siteUrl: string): Notification {
  return {
    kind: 'booking',
    subject: `Booking paused: your calendar ${calendar.label} cannot be read`,
    fields: {
      Calendar: calendar.label,
      'What went wrong': calendar.problem ?? 'it could not be read in time',
      'Last good read': calendar.goodAt ? describeTime(calendar.goodAt, calendar.ownerZone) : 'never',
      Meanwhile:
        'Visitors are offered no time to book until it can be read again. Nothing is lost: the calls already booked stay booked.',
      Calendars: `${siteUrl}/admin/blog/bookings`,
    },
  };
}
