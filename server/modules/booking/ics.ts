/**
 * The site's one iCalendar (RFC 5545) writer, for a booked call wherever it goes: the visitor's
 * download, the emails' invitations and the owner's calendar (CalDAV). One VEVENT in UTC, the same
 * UID for the booking's whole life, SEQUENCE raised by every move, METHOD:CANCEL when it is
 * cancelled, so calendar apps update the one event instead of adding another.
 *
 * Written with ical.js, which escapes TEXT values (backslash, semicolon, comma, line feed),
 * parameter values (RFC 6868) and folds lines. What it leaves to its caller is the text itself:
 * a carriage return, alone or before a line feed, is a line break a visitor may type (a CR alone
 * in a booking's topic used to arrive as CRLF in a mailed .ics: a new line of the visitor's
 * making, an ATTENDEE or an RRULE). Every text is given here with its line breaks as the one
 * that a TEXT value may hold (escaped as `\n`) and no other control character, and a value that
 * must be one line (a name, an address) has none at all.
 */
import ICAL from 'ical.js';

export interface CallEvent {
  uid: string;
  sequence: number;
  /**
   * An invitation's (iTIP) method; null for the owner's calendar's own copy (CalDAV), which
   * carries no method, organizer or attendee: a server that schedules would invite the visitor
   * a second time.
   */
  method: 'REQUEST' | 'CANCEL' | null;
  start: Date;
  end: Date;
  /** When this version was made (DTSTAMP). */
  stamp: Date;
  summary: string;
  description: string;
  /** Where the call takes place (a phone number, a video link, an address), if it is said. */
  location?: string | null | undefined;
  url: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

// Lines of at most 75 octets, the fold's leading space included (ical.js counts it apart).
ICAL.foldLength = 74;

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL_BUT_LINE_FEED = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** Text with its line breaks (CRLF, CR or LF) as LF, which ical.js writes as `\n`; tabs kept. */
const calendarText = (value: string) => value.replace(/\r\n?/g, '\n').replace(CONTROL_BUT_LINE_FEED, '');

/** A value that is one line: its line breaks as spaces, no control character. */
const oneLine = (value: string) => calendarText(value).replace(/\n+/g, ' ').replace(CONTROL, '');

/** An address (URI): no space or control character, which no address holds. */
const address = (value: string) => value.replace(/\s/g, '').replace(CONTROL, '');

const utc = (at: Date) => ICAL.Time.fromJSDate(at, true);

function person(name: 'organizer' | 'attendee', who: { name: string; email: string }) {
  const property = new ICAL.Property(name);
  property.setParameter('cn', oneLine(who.name));
  if (name === 'attendee') {
    property.setParameter('role', 'REQ-PARTICIPANT');
    property.setParameter('partstat', 'ACCEPTED');
  }
  property.setValue(`mailto:${address(who.email)}`);
  return property;
}

export function callInvitation(event: CallEvent): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', '-//portfolio-site//Book a call//EN');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  if (event.method) calendar.addPropertyWithValue('method', event.method);

  const vevent = new ICAL.Component('vevent');
  vevent.addPropertyWithValue('uid', oneLine(event.uid));
  vevent.addPropertyWithValue('sequence', event.sequence);
  vevent.addPropertyWithValue('dtstamp', utc(event.stamp));
  vevent.addPropertyWithValue('dtstart', utc(event.start));
  vevent.addPropertyWithValue('dtend', utc(event.end));
  vevent.addPropertyWithValue('summary', oneLine(event.summary));
  vevent.addPropertyWithValue('description', calendarText(event.description));
  if (event.location) vevent.addPropertyWithValue('location', oneLine(event.location));
  vevent.addPropertyWithValue('url', address(event.url));
  if (event.method) {
    vevent.addProperty(person('organizer', event.organizer));
    vevent.addProperty(person('attendee', event.attendee));
  }
  vevent.addPropertyWithValue('status', event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED');
  calendar.addSubcomponent(vevent);
  // Every content line ends with CRLF, the last one too.
  return `${calendar.toString()}\r\n`;
}
