/** The owner's availability: weekly hours, call length, buffers, notice, blocked dates and the 'available from' badge, saved with or without the page's code. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  type BookingSettings,
  bookingSettingsSchema,
  CALL_LENGTHS,
  WEEKDAY_NAMES,
} from '../../../common/schemas/booking.ts';
import { useDone, useFormAnswer, usePageAction } from '../../lib/form-post.ts';
import { errorMessage } from '../../lib/request.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { DoneNotice, FormName } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { toast } from '../../ui/use-toast.ts';
import { BOOKING_STATUS_PATH } from '../profile/api.ts';
import { BOOKING_SLOTS_PATH, bookingOwnerPaths, saveBookingSettings } from './api.ts';

type DayHours = { open: boolean; start: string; end: string };

const CALL_LENGTH_LABELS = Object.fromEntries(
  CALL_LENGTHS.map((minutes) => [String(minutes), `${minutes} minutes`]),
);

/** The settings typed as whole numbers, with the API's bounds. */
const NUMBER_FIELDS: Array<{
  key: 'bufferBeforeMinutes' | 'bufferAfterMinutes' | 'noticeHours' | 'horizonDays';
  label: string;
  hint?: string;
  min: number;
  max: number;
}> = [
  { key: 'bufferBeforeMinutes', label: 'Buffer before a call (minutes)', min: 0, max: 120 },
  { key: 'bufferAfterMinutes', label: 'Buffer after a call (minutes)', min: 0, max: 120 },
  {
    key: 'noticeHours',
    label: 'Notice (hours)',
    hint: 'The soonest a call can be booked.',
    min: 0,
    max: 336,
  },
  { key: 'horizonDays', label: 'Days ahead', hint: 'How far ahead calls can be booked.', min: 1, max: 90 },
];

/** The form's name in the page's action (ADR 013). */
export const AVAILABILITY_FORM = 'availability';

/**
 * The settings as the form's fields post them without the page's code: `day{n}` checked for an
 * open weekday with `day{n}Start` and `day{n}End`, the blocked dates comma-separated plus the one
 * in 'Date to block'. Also how a refused post's kept fields fill the form again.
 */
export function settingsFromFields(fields: Record<string, string>) {
  const whole = (value: string | undefined) => (/^\d{1,6}$/.test(value ?? '') ? Number(value) : value);
  const blocked = [...(fields.blockedDates ?? '').split(','), fields.blockDate ?? '']
    .map((date) => date.trim())
    .filter(Boolean);
  return {
    timeZone: (fields.timeZone ?? '').trim(),
    weekly: WEEKDAY_NAMES.flatMap((_, day) =>
      fields[`day${day}`] === 'on'
        ? [{ day, start: fields[`day${day}Start`] ?? '', end: fields[`day${day}End`] ?? '' }]
        : [],
    ),
    callMinutes: whole(fields.callMinutes),
    bufferBeforeMinutes: whole(fields.bufferBeforeMinutes),
    bufferAfterMinutes: whole(fields.bufferAfterMinutes),
    noticeHours: whole(fields.noticeHours),
    horizonDays: whole(fields.horizonDays),
    blockedDates: [...new Set(blocked)].sort(),
    availableFrom: fields.availableFrom || null,
  };
}

export function SettingsForm({ initial: stored }: { initial: BookingSettings }) {
  const queryClient = useQueryClient();
  // A save refused without the code comes back with what was typed.
  const answer = useFormAnswer(AVAILABILITY_FORM);
  const saved = useDone(AVAILABILITY_FORM);
  const pageAction = usePageAction();
  const initial = answer ? ({ ...stored, ...settingsFromFields(answer.values) } as BookingSettings) : stored;
  // One window a day in this form; the API takes up to three.
  const [days, setDays] = useState<DayHours[]>(() =>
    WEEKDAY_NAMES.map((_, day) => {
      const window = initial.weekly.find((w) => w.day === day);
      return { open: !!window, start: window?.start ?? '09:00', end: window?.end ?? '17:00' };
    }),
  );
  const [values, setValues] = useState({
    callMinutes: String(initial.callMinutes),
    bufferBeforeMinutes: String(initial.bufferBeforeMinutes),
    bufferAfterMinutes: String(initial.bufferAfterMinutes),
    noticeHours: String(initial.noticeHours),
    horizonDays: String(initial.horizonDays),
    timeZone: initial.timeZone,
    availableFrom: initial.availableFrom ?? '',
  });
  const [blocked, setBlocked] = useState<string[]>(initial.blockedDates);
  const [newBlocked, setNewBlocked] = useState('');
  const [error, setError] = useState<string | null>(answer?.message ?? null);
  const save = useMutation({
    mutationFn: saveBookingSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData([bookingOwnerPaths.bookingSettings], saved);
      setBlocked(saved.blockedDates);
      toast({ title: 'Availability saved', description: 'Visitors see the new times at once.' });
      await queryClient.invalidateQueries({
        predicate: (query) => [BOOKING_SLOTS_PATH, BOOKING_STATUS_PATH].includes(String(query.queryKey[0])),
      });
    },
    onError: (failure) => setError(errorMessage(failure) ?? 'The availability could not be saved.'),
  });
  const set = (key: keyof typeof values) => (value: string) => setValues({ ...values, [key]: value });
  const setDay = (index: number, changes: Partial<DayHours>) =>
    setDays(days.map((day, i) => (i === index ? { ...day, ...changes } : day)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      timeZone: values.timeZone.trim(),
      weekly: days.flatMap((day, index) =>
        day.open ? [{ day: index, start: day.start, end: day.end }] : [],
      ),
      callMinutes: Number(values.callMinutes),
      bufferBeforeMinutes: Number(values.bufferBeforeMinutes),
      bufferAfterMinutes: Number(values.bufferAfterMinutes),
      noticeHours: Number(values.noticeHours),
      horizonDays: Number(values.horizonDays),
      blockedDates: blocked,
      availableFrom: values.availableFrom || null,
    };
    const parsed = bookingSettingsSchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the availability.');
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };
  return (
    <form
      method="post"
      action={pageAction}
      noValidate
      onSubmit={submit}
      aria-label="Availability"
      className="mt-4 space-y-6"
    >
      <FormName name={AVAILABILITY_FORM} />
      <input type="hidden" name="blockedDates" value={blocked.join(',')} />
      {saved ? <DoneNotice title="Availability saved" text="Visitors see the new times at once." /> : null}
      <fieldset>
        <legend className="text-sm font-semibold">Weekly hours</legend>
        <ul className="mt-2 space-y-2">
          {WEEKDAY_NAMES.map((name, index) => {
            const day = days[index] as DayHours;
            return (
              <li key={name} className="flex flex-wrap items-center gap-x-4 gap-y-2">
                <label className="flex w-32 items-center gap-2 text-sm font-medium">
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
        <Field label="Call length">
          <Select
            name="callMinutes"
            options={CALL_LENGTH_LABELS}
            value={values.callMinutes}
            onChange={(e) => set('callMinutes')(e.target.value)}
          />
        </Field>
        {NUMBER_FIELDS.map(({ key, label, hint, min, max }) => (
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
      </div>
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
              setBlocked([...new Set([...blocked, newBlocked])].sort());
              setNewBlocked('');
            }}
          >
            Block this date
          </Button>
        </div>
        {blocked.length > 0 && (
          <ul aria-label="Blocked dates" className="mt-3 flex flex-wrap gap-2">
            {blocked.map((date) => (
              <li
                key={date}
                className="flex items-center gap-1 rounded-full border border-border bg-muted px-3 py-1 text-sm"
              >
                {date}
                <button
                  type="button"
                  aria-label={`Unblock ${date}`}
                  className="ml-1 rounded px-1 text-muted-foreground hover:text-foreground"
                  onClick={() => setBlocked(blocked.filter((d) => d !== date))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
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
      <Button type="submit" pending={save.isPending} pendingText="Saving...">
        Save availability
      </Button>
    </form>
  );
}
