/**
 * Booking a call (issue 21, point 4): the owner's availability, the free slots, a booking and
 * what its private link shows. Times on the wire are UTC ISO strings; the owner's settings are
 * wall-clock times in the owner's time zone.
 */
import { isTimeZone, minutesOf } from '../zoned-time.ts';
import { leadSourceSchema } from './contact.ts';
import { basedOn, isoDate, typedText } from './shared.ts';
import { z } from './zod.ts';

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
export const CALL_LENGTHS = [15, 20, 30, 45, 60, 90] as const;

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 09:00');
const calendarDate = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Use a date like 2026-12-24');
const timeZone = z.string().refine(isTimeZone, 'Unknown time zone');
/** A whole number of a unit from min to max, its messages naming the field. */
export const whole = (label: string, min: number, max: number, unit: string) =>
  z
    .number({ error: `${label} must be a whole number of ${unit}` })
    .int(`${label} must be a whole number of ${unit}`)
    .min(min, min === 0 ? `${label} cannot be negative` : `${label} must be at least ${min}`)
    .max(max, `${label} cannot exceed ${max} ${unit}`);

/** The bounds of a call's timing, the availability's and each call type's own (their forms' too). */
export const TIMING_BOUNDS = {
  bufferBeforeMinutes: { min: 0, max: 120 },
  bufferAfterMinutes: { min: 0, max: 120 },
  noticeHours: { min: 0, max: 336 },
  horizonDays: { min: 1, max: 90 },
} as const;
const { noticeHours, horizonDays } = TIMING_BOUNDS;

/** One of a call's timing numbers, within its bounds. */
export const timing = (key: keyof typeof TIMING_BOUNDS, label: string, unit: string) =>
  whole(label, TIMING_BOUNDS[key].min, TIMING_BOUNDS[key].max, unit);

const REMINDERS_MESSAGE = 'Reminders are whole hours before the call, such as 24, 1';

/** One stretch of a weekday when calls can be booked, e.g. Monday 09:00-17:00. */
export const availabilityWindowSchema = z
  .object({
    day: z.number().int().min(0).max(6),
    start: clockTime,
    end: clockTime,
  })
  .refine((window) => minutesOf(window.end) > minutesOf(window.start), {
    message: 'The end of a day must be after its start',
    path: ['end'],
  });

/** A call's length: one of CALL_LENGTHS. */
export const callLengthSchema = z
  .number()
  .int()
  .refine((minutes) => (CALL_LENGTHS as readonly number[]).includes(minutes), {
    message: `A call lasts ${CALL_LENGTHS.join(', ')} minutes`,
  });

/** Dates with other hours than their weekday's: that date's windows instead (issue 49). */
export const specialHoursSchema = z
  .array(
    z
      .object({ date: calendarDate, start: clockTime, end: clockTime })
      .refine((window) => minutesOf(window.end) > minutesOf(window.start), {
        message: 'The end of special hours must be after their start',
        path: ['end'],
      }),
  )
  .max(100, 'At most 100 days of special hours');

/** Days without calls, in the owner's time zone. */
export const daysOffSchema = z.array(calendarDate).max(366, 'At most 366 blocked dates');

export const bookingSettingsSchema = z.object({
  timeZone,
  weekly: z.array(availabilityWindowSchema).max(21, 'At most three windows a day'),
  callMinutes: callLengthSchema,
  bufferBeforeMinutes: timing('bufferBeforeMinutes', 'The buffer before a call', 'minutes'),
  bufferAfterMinutes: timing('bufferAfterMinutes', 'The buffer after a call', 'minutes'),
  noticeHours: z
    .number({ error: 'Notice must be a whole number of hours' })
    .int('Notice must be a whole number of hours')
    .min(noticeHours.min, 'Notice cannot be negative')
    .max(noticeHours.max, `Notice cannot exceed ${noticeHours.max} hours (two weeks)`),
  horizonDays: z
    .number({ error: 'Say how many days ahead' })
    .int('Say how many days ahead')
    .min(horizonDays.min, `Calls can be booked at least ${horizonDays.min} day ahead`)
    .max(horizonDays.max, `Calls can be booked at most ${horizonDays.max} days ahead`),
  /**
   * Special hours (issue 49): on these dates, these windows instead of the weekday's (kept sorted).
   * Settings stored before them have none.
   */
  specialHours: specialHoursSchema,
  /** Days without calls, in the owner's time zone (kept sorted, each once). */
  blockedDates: daysOffSchema,
  /** The 'Available for new projects from ...' badge; null hides it. */
  availableFrom: calendarDate.nullable(),
  /** When the visitor and the owner are reminded of a call, in hours before it (issue 49); none is none. */
  reminderHours: z
    .array(
      z
        .number({ error: REMINDERS_MESSAGE })
        .int(REMINDERS_MESSAGE)
        .min(1, REMINDERS_MESSAGE)
        .max(168, 'A reminder can come at most 168 hours (a week) before the call'),
    )
    .max(3, 'At most three reminders')
    .refine((hours) => new Set(hours).size === hours.length, 'Each reminder once'),
});
export type BookingSettings = z.output<typeof bookingSettingsSchema>;
export type BookingSettingsInput = z.input<typeof bookingSettingsSchema>;

/** The availability as the owner reads it: with its version (1970-01-01T00:00:00.000Z while never saved). */
export const ownerBookingSettingsSchema = bookingSettingsSchema.extend({ updatedAt: isoDate });
export type OwnerBookingSettings = z.output<typeof ownerBookingSettingsSchema>;

/** The availability saved whole, based on the version the form was opened with (edit-versions.ts). */
export const bookingSettingsEditSchema = bookingSettingsSchema.extend({ basedOn: basedOn.optional() });

/**
 * Why no time is offered or a booking is refused while the owner's calendar has no good read of
 * the last 5 minutes (issue 49, point 6; issue 65).
 */
export const CALENDAR_UNCHECKED =
  "The owner's calendar cannot be checked right now, so no time can be booked. Please try again in a few minutes.";

/** GET /api/booking/slots: the free starts from now to the horizon. */
export const bookingSlotsSchema = z.object({
  timeZone: z.string(),
  callMinutes: z.number().int(),
  /** The call type the slots are for (null: the one call without types). */
  callType: z.string().nullable(),
  slots: z.array(z.string()),
  /**
   * The owner's calendar has had no good read for 5 minutes (or never one): no time is offered,
   * and the page says why instead of 'every slot is taken'.
   */
  calendarUnchecked: z.boolean(),
});
export type BookingSlots = z.infer<typeof bookingSlotsSchema>;

/** GET /api/booking/status: what the home page shows (the badge and the 'Book a call' link). */
export const bookingStatusSchema = z.object({
  availableFrom: calendarDate.nullable(),
  /** The date has come (in the owner's time zone): 'Available for new projects now'. */
  availableNow: z.boolean(),
  /** Whether any weekday has hours: the 'Book a call' link shows only then. */
  open: z.boolean(),
});
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} cannot exceed ${max} characters`);

/** What a visitor sends to book a slot. */
export const bookingRequestSchema = z.object({
  start: z.iso.datetime({ offset: true, error: 'Choose a time' }),
  name: text(100, 'Name').regex(/^[^\t\n\r]*$/, 'Name must be a single line'),
  email: z
    .string({ error: 'Invalid email address' })
    .trim()
    .max(254, 'Invalid email address')
    .pipe(z.email({ error: 'Invalid email address' })),
  topic: text(1000, 'Topic').min(5, 'Topic must be at least 5 characters'),
  /** The visitor's time zone, to write their email in their own time; the owner's when unknown. */
  timeZone: z.string().max(64).optional().catch(undefined),
  /** Where the visit came from (the page's action adds it): the lead the call starts has it (issue 49). */
  source: leadSourceSchema.optional().catch(undefined),
  /** The call type booked (issue 49): its id; none, the first one. */
  type: z.string().max(40).optional(),
  /** The answers to the type's questions, by question id (checked against the type by the server). */
  answers: z.record(z.string().max(16), typedText().max(2000, 'That answer is too long')).optional(),
});
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;

export const bookingMoveSchema = z.object({
  start: z.iso.datetime({ offset: true, error: 'Choose a time' }),
});

/** What the visitor's private link shows. */
export const bookingViewSchema = z.object({
  start: z.string(),
  end: z.string(),
  name: z.string(),
  topic: z.string(),
  status: z.enum(['booked', 'cancelled']),
  ownerName: z.string(),
  ownerTimeZone: z.string(),
  callMinutes: z.number().int(),
  /** The call type's name and where, as booked (null for a call without a type). */
  callType: z.string().nullable(),
  location: z.string().nullable(),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
});
export type BookingView = z.infer<typeof bookingViewSchema>;

/** A new booking: its view, and the private link to cancel or move it (shown once). */
export const bookingCreatedSchema = z.object({
  booking: bookingViewSchema,
  manageUrl: z.string(),
});
export type BookingCreated = z.infer<typeof bookingCreatedSchema>;

/** The owner's list. */
export const adminBookingSchema = z.object({
  id: z.number().int(),
  start: z.string(),
  end: z.string(),
  name: z.string(),
  email: z.string(),
  topic: z.string(),
  timeZone: z.string().nullable(),
  status: z.enum(['booked', 'cancelled']),
  callType: z.string().nullable(),
  location: z.string().nullable(),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

/** Special hours as the forms write them: '2026-12-24 10:00-12:00, 2026-12-31 09:00-12:00'. */
export const writeSpecialHours = (special: Array<{ date: string; start: string; end: string }>) =>
  special.map(({ date, start, end }) => `${date} ${start}-${end}`).join(', ');

/** The special hours as the forms write them (writeSpecialHours), read back. */
export function readSpecialHours(text: string): Array<{ date: string; start: string; end: string }> {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [date = '', hours = ''] = entry.split(/\s+/);
      const [start = '', end = ''] = hours.split('-');
      return { date, start, end };
    });
}

/** The special hours as the form posts them: the kept ones' text and the new one's three fields. */
function specialHoursOf(fields: {
  specialHours: string;
  specialDate: string;
  specialStart: string;
  specialEnd: string;
}) {
  const kept = readSpecialHours(fields.specialHours);
  const added =
    fields.specialDate.trim() === ''
      ? []
      : [
          {
            date: fields.specialDate.trim(),
            start: fields.specialStart.trim(),
            end: fields.specialEnd.trim(),
          },
        ];
  return [...kept, ...added].sort((a, b) => `${a.date}${a.start}`.localeCompare(`${b.date}${b.start}`));
}

/**
 * The availability form as it posts: `day{n}` checked for an open weekday with `day{n}Start` and
 * `day{n}End` (one window a day), the blocked dates comma-separated plus the one in 'Date to
 * block', the numbers as typed. Read into the settings the API takes, and checked as those.
 */
export const bookingSettingsFormSchema = z
  .object({
    timeZone: z.string().max(64).default(''),
    callMinutes: z.number().optional(),
    bufferBeforeMinutes: z.number().optional(),
    bufferAfterMinutes: z.number().optional(),
    noticeHours: z.number().optional(),
    horizonDays: z.number().optional(),
    blockedDates: z.string().max(5000).default(''),
    blockDate: z.string().max(10).default(''),
    /** The special hours kept ('2026-12-24 10:00-12:00', comma-separated) and the one being added. */
    specialHours: z.string().max(5000).default(''),
    specialDate: z.string().max(10).default(''),
    specialStart: z.string().max(5).default(''),
    specialEnd: z.string().max(5).default(''),
    availableFrom: z.string().max(10).default(''),
    reminders: z.string().max(50).default(''),
    basedOn: z.string().max(40).default(''),
    ...Object.fromEntries(
      WEEKDAY_NAMES.flatMap((_, day) => [
        [`day${day}`, z.boolean().default(false)],
        [`day${day}Start`, z.string().max(5).default('')],
        [`day${day}End`, z.string().max(5).default('')],
      ]),
    ),
  })
  .transform((raw) => {
    const form = raw as Record<string, unknown>;
    const fields = raw as unknown as {
      timeZone: string;
      blockedDates: string;
      blockDate: string;
      specialHours: string;
      specialDate: string;
      specialStart: string;
      specialEnd: string;
      availableFrom: string;
      reminders: string;
      basedOn: string;
    } & Partial<
      Record<
        'callMinutes' | 'bufferBeforeMinutes' | 'bufferAfterMinutes' | 'noticeHours' | 'horizonDays',
        number
      >
    >;
    const blocked = [...fields.blockedDates.split(','), fields.blockDate]
      .map((date) => date.trim())
      .filter(Boolean);
    return {
      timeZone: fields.timeZone.trim(),
      weekly: WEEKDAY_NAMES.flatMap((_, day) =>
        form[`day${day}`]
          ? [{ day, start: String(form[`day${day}Start`]), end: String(form[`day${day}End`]) }]
          : [],
      ),
      callMinutes: fields.callMinutes,
      bufferBeforeMinutes: fields.bufferBeforeMinutes,
      bufferAfterMinutes: fields.bufferAfterMinutes,
      noticeHours: fields.noticeHours,
      horizonDays: fields.horizonDays,
      blockedDates: [...new Set(blocked)].sort(),
      specialHours: specialHoursOf(fields),
      availableFrom: fields.availableFrom || null,
      reminderHours: fields.reminders
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((hours) => (/^\d+$/.test(hours) ? Number(hours) : Number.NaN)),
      ...(fields.basedOn ? { basedOn: fields.basedOn } : {}),
    };
  })
  .pipe(bookingSettingsEditSchema);
