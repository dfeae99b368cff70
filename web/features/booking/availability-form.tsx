/**
 * The owner's availability: weekly hours, call length, buffers, notice, blocked dates, special
 * hours and the 'available from' badge, saved with or without the page's code, never over a
 * version saved since the form was opened (edit-version.tsx).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type BookingSettings,
  CALL_LENGTHS,
  type OwnerBookingSettings,
  readSpecialHours,
  TIMING_BOUNDS,
  WEEKDAY_NAMES,
  writeSpecialHours,
} from '../../../common/schemas/booking.ts';
import { BasedOn, savedOverSince, useEditBase } from '../../lib/edit-version.tsx';
import { useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { DoneNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { Select } from '../../ui/select.tsx';
import { RemovableTags } from '../../ui/tags.tsx';
import { BOOKING_STATUS_PATH } from '../profile/api.ts';
import { bookingOwnerPaths, isSlotsQuery } from './api.ts';

type DayHours = { open: boolean; start: string; end: string };

export const CALL_LENGTH_LABELS = Object.fromEntries(
  CALL_LENGTHS.map((minutes) => [String(minutes), `${minutes} minutes`]),
);

const TIMING_WORDS: Record<keyof typeof TIMING_BOUNDS, { label: string; hint?: string }> = {
  bufferBeforeMinutes: { label: 'Buffer before a call (minutes)' },
  bufferAfterMinutes: { label: 'Buffer after a call (minutes)' },
  noticeHours: { label: 'Notice (hours)', hint: 'The soonest a call can be booked.' },
  horizonDays: { label: 'Days ahead', hint: 'How far ahead calls can be booked.' },
};

/** A call's timing typed as whole numbers, with the API's bounds: the availability's and a call type's. */
export const TIMING_FIELDS = (Object.keys(TIMING_BOUNDS) as (keyof typeof TIMING_BOUNDS)[]).map((key) => ({
  key,
  ...TIMING_WORDS[key],
  ...TIMING_BOUNDS[key],
}));

/** The form's name in the page's action (ADR 013). */
export const AVAILABILITY_FORM = 'availability';

/** What a refused post kept, as the form shows it again: each field's text as it was typed. */
function keptSettings(kept: Record<string, string>, stored: BookingSettings) {
  return {
    days: WEEKDAY_NAMES.map((_, day) => ({
      open: kept[`day${day}`] === 'on',
      start: kept[`day${day}Start`] || '09:00',
      end: kept[`day${day}End`] || '17:00',
    })),
    values: {
      callMinutes: kept.callMinutes ?? String(stored.callMinutes),
      bufferBeforeMinutes: kept.bufferBeforeMinutes ?? String(stored.bufferBeforeMinutes),
      bufferAfterMinutes: kept.bufferAfterMinutes ?? String(stored.bufferAfterMinutes),
      noticeHours: kept.noticeHours ?? String(stored.noticeHours),
      horizonDays: kept.horizonDays ?? String(stored.horizonDays),
      timeZone: kept.timeZone ?? stored.timeZone,
      availableFrom: kept.availableFrom ?? '',
      reminders: kept.reminders ?? stored.reminderHours.join(', '),
    },
    blocked: [
      ...new Set(
        [...(kept.blockedDates ?? '').split(','), kept.blockDate ?? ''].map((d) => d.trim()).filter(Boolean),
      ),
    ].sort(),
    special: [
      ...readSpecialHours(kept.specialHours ?? ''),
      ...(kept.specialDate
        ? [{ date: kept.specialDate, start: kept.specialStart ?? '', end: kept.specialEnd ?? '' }]
        : []),
    ],
  };
}

type SpecialHours = BookingSettings['specialHours'][number];

/** The stored settings, as the form shows them. */
function storedSettings(stored: BookingSettings) {
  return {
    days: WEEKDAY_NAMES.map((_, day) => {
      const window = stored.weekly.find((w) => w.day === day);
      return { open: !!window, start: window?.start ?? '09:00', end: window?.end ?? '17:00' };
    }),
    values: {
      callMinutes: String(stored.callMinutes),
      bufferBeforeMinutes: String(stored.bufferBeforeMinutes),
      bufferAfterMinutes: String(stored.bufferAfterMinutes),
      noticeHours: String(stored.noticeHours),
      horizonDays: String(stored.horizonDays),
      timeZone: stored.timeZone,
      availableFrom: stored.availableFrom ?? '',
      reminders: stored.reminderHours.join(', '),
    },
    blocked: stored.blockedDates,
    special: stored.specialHours,
  };
}

/** Saved with the page's code or without it (ADR 018): the action reads it with bookingSettingsFormSchema. */
export function SettingsForm({ initial: stored }: { initial: OwnerBookingSettings }) {
  const queryClient = useQueryClient();
  const base = useEditBase(stored.updatedAt);
  const save = useRouteForm(AVAILABILITY_FORM, {
    done: { title: 'Availability saved', description: 'Visitors see the new times at once.' },
    // Saved elsewhere since it was opened: read again, the next press saves over it.
    onAnswer: (answer) => {
      if (!savedOverSince(answer)) return;
      base.moveOn();
      void queryClient.invalidateQueries({ queryKey: [bookingOwnerPaths.bookingSettings] });
    },
    onDone: () => {
      base.moveOn();
      void queryClient.invalidateQueries({
        predicate: (query) =>
          isSlotsQuery(query) ||
          [BOOKING_STATUS_PATH, bookingOwnerPaths.bookingSettings].includes(String(query.queryKey[0])),
      });
    },
  });
  // One window a day in this form; the API takes up to three.
  const [start] = useState(() =>
    save.answer ? keptSettings(save.answer.values, stored) : storedSettings(stored),
  );
  const [days, setDays] = useState<DayHours[]>(start.days);
  const [values, setValues] = useState(start.values);
  const [blocked, setBlocked] = useState<string[]>(start.blocked);
  const [special, setSpecial] = useState<SpecialHours[]>(start.special);
  const errors = save.answer?.errors ?? {};
  const error = save.answer?.message || Object.values(errors)[0] || null;
  const saved = save.done && !save.answer;
  const set = (key: keyof typeof values) => (value: string) => setValues({ ...values, [key]: value });
  const setDay = (index: number, changes: Partial<DayHours>) =>
    setDays(days.map((day, i) => (i === index ? { ...day, ...changes } : day)));
  return (
    <PageForm form={save} aria-label="Availability" className="mt-4 space-y-6">
      <BasedOn version={base.version} />
      <input type="hidden" name="blockedDates" value={blocked.join(',')} />
      <input type="hidden" name="specialHours" value={writeSpecialHours(special)} />
      {saved ? <DoneNotice title="Availability saved" text="Visitors see the new times at once." /> : null}
      <fieldset>
        <legend className="text-sm font-semibold">Weekly hours</legend>
        <ul className="mt-2 space-y-2">
          {WEEKDAY_NAMES.map((name, index) => {
            const day = days[index] as DayHours;
            return (
              <li key={name} className="flex flex-wrap items-center gap-x-4 gap-y-2">
                <label className="flex w-full items-center gap-2 text-sm font-medium sm:w-32">
                  <input
                    type="checkbox"
                    name={`day${index}`}
                    checked={day.open}
                    onChange={(event) => setDay(index, { open: event.target.checked })}
                    className="h-4 w-4 accent-[var(--primary)]"
                  />
                  {name}
                </label>
                <div className="w-32">
                  <Input
                    aria-label={`${name} from`}
                    name={`day${index}Start`}
                    type="time"
                    value={day.start}
                    disabled={!day.open}
                    onChange={(event) => setDay(index, { start: event.target.value })}
                    className="h-9"
                  />
                </div>
                <span aria-hidden="true">to</span>
                <div className="w-32">
                  <Input
                    aria-label={`${name} until`}
                    name={`day${index}End`}
                    type="time"
                    value={day.end}
                    disabled={!day.open}
                    onChange={(event) => setDay(index, { end: event.target.value })}
                    className="h-9"
                  />
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="Call length"
          hint="With call types, each type sets its own length, buffers, notice and days ahead."
        >
          <Select
            name="callMinutes"
            options={CALL_LENGTH_LABELS}
            value={values.callMinutes}
            onChange={(e) => set('callMinutes')(e.target.value)}
          />
        </Field>
        {TIMING_FIELDS.map(({ key, label, hint, min, max }) => (
          <Field key={key} label={label} hint={hint}>
            <Input
              name={key}
              type="number"
              min={min}
              max={max}
              inputMode="numeric"
              value={values[key]}
              onChange={(e) => set(key)(e.target.value)}
            />
          </Field>
        ))}
        <Field label="Time zone" hint="For example America/New_York.">
          <Input name="timeZone" value={values.timeZone} onChange={(e) => set('timeZone')(e.target.value)} />
        </Field>
        <Field
          label="Reminders (hours before a call)"
          hint="You and the visitor get an email at each, such as 24, 1. Leave it empty for none."
          error={errors.reminderHours}
        >
          <Input
            name="reminders"
            inputMode="numeric"
            value={values.reminders}
            onChange={(e) => set('reminders')(e.target.value)}
          />
        </Field>
      </div>
      <BlockedDates blocked={blocked} onChange={setBlocked} />
      <SpecialHoursField special={special} onChange={setSpecial} error={errors.specialHours} />
      <div className="max-w-sm">
        <Field
          label="Available for new projects from (optional)"
          hint="Shows a badge in the hero and the contact section; leave empty to hide it."
        >
          <Input
            name="availableFrom"
            type="date"
            value={values.availableFrom}
            onChange={(e) => set('availableFrom')(e.target.value)}
          />
        </Field>
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" pending={save.pending} pendingText="Saving...">
        Save availability
      </Button>
    </PageForm>
  );
}

/** The dates without calls: a date picked and added, each one taken away by its button. */
function BlockedDates({ blocked, onChange }: { blocked: string[]; onChange: (dates: string[]) => void }) {
  const [newBlocked, setNewBlocked] = useState('');
  return (
    <fieldset>
      <legend className="text-sm font-semibold">Blocked dates</legend>
      <p className="text-xs text-muted-foreground">Days without calls: holidays, trips, busy weeks.</p>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <div className="w-44">
          <Input
            aria-label="Date to block"
            name="blockDate"
            type="date"
            value={newBlocked}
            onChange={(e) => setNewBlocked(e.target.value)}
            className="h-9"
          />
        </div>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={!newBlocked}
          onClick={() => {
            onChange([...new Set([...blocked, newBlocked])].sort());
            setNewBlocked('');
          }}
        >
          Block this date
        </Button>
      </div>
      <RemovableTags
        label="Blocked dates"
        items={blocked}
        text={(date) => date}
        removeLabel={(date) => `Unblock ${date}`}
        onRemove={(index) => onChange(blocked.filter((_, i) => i !== index))}
      />
    </fieldset>
  );
}

/** A special date's three parts: its field, label, form name, type and width. */
const SPECIAL_PARTS = [
  ['date', 'Date with special hours', 'specialDate', 'date', 'w-44'],
  ['start', 'Special hours from', 'specialStart', 'time', 'w-32'],
  ['end', 'Special hours until', 'specialEnd', 'time', 'w-32'],
] as const;

/** The dates with other hours than their weekday's: a date and its hours added, each one taken away. */
function SpecialHoursField({
  special,
  onChange,
  error,
}: {
  special: SpecialHours[];
  onChange: (windows: SpecialHours[]) => void;
  error: string | undefined;
}) {
  const [newSpecial, setNewSpecial] = useState<SpecialHours>({ date: '', start: '10:00', end: '14:00' });
  return (
    <fieldset>
      <legend className="text-sm font-semibold">Special hours</legend>
      <p className="text-xs text-muted-foreground">
        A date with other hours than its weekday's: a Saturday morning, a short day before a holiday.
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        {SPECIAL_PARTS.map(([key, label, name, type, width]) => (
          <Input
            key={key}
            aria-label={label}
            name={name}
            type={type}
            value={newSpecial[key]}
            onChange={(event) => setNewSpecial({ ...newSpecial, [key]: event.target.value })}
            className={`h-9 ${width}`}
          />
        ))}
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={!newSpecial.date}
          onClick={() => {
            onChange(
              [...special, newSpecial].sort((a, b) =>
                `${a.date}${a.start}`.localeCompare(`${b.date}${b.start}`),
              ),
            );
            setNewSpecial({ ...newSpecial, date: '' });
          }}
        >
          Add special hours
        </Button>
      </div>
      {error ? <p className="mt-1 text-sm font-medium text-destructive">{error}</p> : null}
      <RemovableTags
        label="Special hours"
        items={special}
        text={(window) => `${window.date}, ${window.start}-${window.end}`}
        removeLabel={(window) => `Remove special hours on ${window.date}`}
        onRemove={(index) => onChange(special.filter((_, i) => i !== index))}
      />
    </fieldset>
  );
}
