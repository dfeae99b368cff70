/**
 * The owner's availability (issue 21, point 4; issue 49): weekly hours, call length, buffers,
 * notice, horizon, special hours and days off, and the reminders' hours, kept in `app_meta`
 * (`booking:settings`, JSON checked by bookingSettingsSchema); a fresh site has weekdays 9-5 in
 * the owner's time zone.
 */
import { z } from 'zod';
import {
  type BookingSettings,
  type BookingStatus,
  bookingSettingsSchema,
  type OwnerBookingSettings,
} from '../../../common/schemas/booking.ts';
import { wallClock } from '../../../common/zoned-time.ts';
import { jsonSetting } from '../../lib/app-settings.ts';
import { BOOKING_CACHE_KEY, type BookingContext } from './context.ts';

const SETTINGS_KEY = 'booking:settings';

/** Weekdays 09:00-17:00, 30-minute calls, 15 minutes after each, a day's notice, 30 days ahead. */
export function defaultBookingSettings(timeZone: string): BookingSettings {
  return {
    timeZone,
    weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' })),
    callMinutes: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 15,
    noticeHours: 24,
    horizonDays: 30,
    specialHours: [],
    blockedDates: [],
    availableFrom: null,
    reminderHours: [24, 1],
  };
}

export function availability({ db, cache, options, now }: BookingContext) {
  const stored = jsonSetting(
    SETTINGS_KEY,
    // Settings stored before reminders and special hours have the default ones.
    z.preprocess(
      (value) => ({ reminderHours: options.defaults.reminderHours, specialHours: [], ...(value as object) }),
      bookingSettingsSchema,
    ),
    () => options.defaults,
  );
  const settings = (): Promise<BookingSettings> => stored.get(db);
  const ownerSettings = async (): Promise<OwnerBookingSettings> => {
    const { value, version } = await stored.read(db);
    return { ...value, updatedAt: version };
  };

  return {
    settings,
    /** The availability with its version, as the owner's form opens it. */
    ownerSettings,

    /** Saves the availability whole; `basedOn`, the version the form opened (edit-versions.ts). */
    async saveSettings(input: BookingSettings, basedOn?: string): Promise<OwnerBookingSettings> {
      const checked = bookingSettingsSchema.parse(input);
      await stored.set(
        db,
        { ...checked, blockedDates: [...new Set(checked.blockedDates)].sort() },
        { basedOn, what: 'Your availability', button: 'Save availability' },
      );
      cache.invalidate(BOOKING_CACHE_KEY);
      return ownerSettings();
    },

    /** The badge ('from' a date, or 'now' once it has come, in the owner's zone) and whether booking is open. */
    async status(): Promise<BookingStatus> {
      const current = await settings();
      const today = wallClock(now(), current.timeZone).date;
      return {
        availableFrom: current.availableFrom,
        availableNow: current.availableFrom !== null && current.availableFrom <= today,
        open: current.weekly.length > 0,
      };
    },

    /** Today's date in the owner's time zone. */
    async today(): Promise<string> {
      return wallClock(now(), (await settings()).timeZone).date;
    },
  };
}
