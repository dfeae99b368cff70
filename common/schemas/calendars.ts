/**
 * The owner's calendars (issue 49): a CalDAV account bookings are written to, private ICS feeds,
 * and how each one last read, as the dashboard shows them.
 */
import { z } from './zod.ts';

/** One of the owner's calendars as the dashboard shows it (issue 49): its last ask, last good read and problem. */
export const calendarStateSchema = z.object({
  label: z.string(),
  checkedAt: z.string().nullable(),
  goodAt: z.string().nullable(),
  problem: z.string().nullable(),
  busy: z.number().int(),
  /** Whether its last good read is recent enough (5 minutes) for visitors to be offered times. */
  current: z.boolean(),
});
export type CalendarState = z.infer<typeof calendarStateSchema>;

/** A calendar address as the owner pastes it: Apple's and Google's `webcal://` is their `https://`. */
const calendarAddress = z
  .string()
  .trim()
  .max(2000, 'That address is too long')
  .transform((value) => value.replace(/^webcals?:\/\//i, 'https://'))
  .pipe(z.url({ protocol: /^https?$/, error: "Enter the calendar's address, starting with https://" }));

/** The owner connects a CalDAV account (issue 49): a blank password keeps the stored one. */
export const caldavAccountInputSchema = z.object({
  url: calendarAddress,
  username: z.string().trim().min(1, 'Enter the user name').max(200, 'That user name is too long'),
  password: z.string().max(500, 'That password is too long').default(''),
});
export type CaldavAccountInput = z.infer<typeof caldavAccountInputSchema>;

/** The calendar of the account that bookings are written to. */
export const calendarChoiceSchema = z.object({
  calendar: z.url({ error: 'Choose one of the calendars' }).max(2000),
});

/** A private ICS feed the owner adds (Google's or Outlook's "secret address"). */
export const calendarFeedInputSchema = z.object({ url: calendarAddress });

/** The owner's calendars (issue 49): what is connected, where bookings go, and how each calendar reads. */
export const calendarOverviewSchema = z.object({
  calendars: z.array(calendarStateSchema),
  caldav: z
    .object({
      label: z.string(),
      url: z.string(),
      username: z.string(),
      /** Set by BOOKING_CALDAV_URL: changed only there. */
      fromEnvironment: z.boolean(),
      /** The calendar bookings are written to (null: the first one). */
      writeTo: z.string().nullable(),
      /** The account's calendars, when it answered in time. */
      calendars: z.array(z.object({ url: z.string(), name: z.string() })).nullable(),
    })
    .nullable(),
  feeds: z.array(z.object({ id: z.string().nullable(), label: z.string(), fromEnvironment: z.boolean() })),
  writes: z.object({ waiting: z.number().int(), problem: z.string().nullable() }),
});
export type CalendarOverview = z.infer<typeof calendarOverviewSchema>;
