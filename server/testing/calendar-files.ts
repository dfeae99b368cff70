/**
 * A calendar file as a calendar app reads it (ical.js's parser), for the tests of the site's one
 * iCalendar writer (server/modules/booking/ics.ts), and the text a forger types into a booking.
 */
import ICAL from 'ical.js';

/** A booking's topic trying to start lines of its own: a CR alone, a LF and a CRLF (issue 62). */
export const FORGED_TOPIC =
  'Fix it\rATTENDEE:mailto:victim@example.com\rEND:VEVENT\nRRULE:FREQ=DAILY;COUNT=25\r\nBEGIN:VEVENT';

/** The same topic as the event's text reads it back: every break one line feed. */
export const FORGED_TOPIC_READ = FORGED_TOPIC.replace(/\r\n?/g, '\n');

/** Each event of an .ics: its attendees, how many rules it repeats by, its summary and description. */
export function readEvents(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((event) => ({
    attendees: event.getAllProperties('attendee').map((one) => String(one.getFirstValue())),
    rules: event.getAllProperties('rrule').length,
    summary: String(event.getFirstPropertyValue('summary')),
    description: String(event.getFirstPropertyValue('description')),
  }));
}
