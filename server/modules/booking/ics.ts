/**
 * An iCalendar (RFC 5545) invitation for a booked call: one VEVENT in UTC, the same UID for the
 * booking's whole life, SEQUENCE raised by every move, METHOD:CANCEL when it is cancelled, so
 * calendar apps update the one event instead of adding another.
 */

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
  url: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

const utc = (at: Date) => `${at.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/** TEXT value escaping: backslash, semicolon, comma and line breaks. */
const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A parameter value (a name) in quotes, without the characters a quoted value cannot hold. */
const quoted = (value: string) => `"${value.replace(/["\r\n]/g, '')}"`;

/** Folds a content line at 75 octets (continuation lines start with a space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function callInvitation(event: CallEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//portfolio-site//Book a call//EN',
    'CALSCALE:GREGORIAN',
    ...(event.method ? [`METHOD:${event.method}`] : []),
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    ...(event.method
      ? [
          `ORGANIZER;CN=${quoted(event.organizer.name)}:mailto:${event.organizer.email}`,
          `ATTENDEE;CN=${quoted(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:${event.attendee.email}`,
        ]
      : []),
    `STATUS:${event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
