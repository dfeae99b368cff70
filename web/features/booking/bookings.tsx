/**
 * Book a call, the owner's side: the calls booked (soonest first, with a cancel), and the
 * availability: hours per weekday, call length, buffers, notice, how far ahead, blocked dates and
 * the 'Available for new projects from ...' badge, all in the owner's time zone.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  type AdminBooking,
  type BookingSettings,
  bookingSettingsSchema,
  CALL_LENGTHS,
  WEEKDAY_NAMES,
} from '../../../common/schemas/booking.ts';
import { useDone, useFormAnswer, usePageAction } from '../../lib/form-post.ts';
import { errorMessage } from '../../lib/request.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { Field } from '../../ui/field.tsx';
import { DoneNotice, FormName } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { Select } from '../../ui/select.tsx';
import { toast } from '../../ui/use-toast.ts';
import { useAdminAction } from '../admin/admin-list.tsx';
import { BOOKING_STATUS_PATH } from '../profile/api.ts';
import {
  BOOKING_SLOTS_PATH,
  bookingOwnerPaths,
  cancelBookedCall,
  fullTime,
  saveBookingSettings,
  useBookedCalls,
  useBookingSettings,
} from './api.ts';

export function BookingsAdmin() {
  const settings = useBookingSettings();
  return (
    <div className="space-y-8">
      <CallList timeZone={settings.data?.timeZone} />
      <section
        aria-labelledby="availability-heading"
        className="rounded-lg border border-border bg-card p-4 sm:p-6"
      >
        <h2 id="availability-heading" className="text-2xl font-bold">
          Availability
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          When visitors can book a call with you. Times are in {settings.data?.timeZone ?? 'your time zone'},
          and visitors see them in their own.
        </p>
        {settings.data ? (
          <SettingsForm initial={settings.data} />
        ) : (
          <LoadState
            className="mt-4"
            pending={settings.isPending}
            error={settings.error}
            loading="Loading availability"
            failed="Could not load the availability."
          />
        )}
      </section>
    </div>
  );
}

function CallList({ timeZone }: { timeZone: string | undefined }) {
  const calls = useBookedCalls();
  const zone = timeZone ?? 'UTC';
  return (
    <section aria-labelledby="calls-heading" className="rounded-lg border border-border bg-card p-4 sm:p-6">
      <h2 id="calls-heading" className="text-2xl font-bold">
        Calls
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Booked through 'Book a call', from a week ago on, soonest first.
      </p>
      <div className="mt-4" aria-busy={calls.isPending}>
        {!calls.data && (
          <LoadState
            pending={calls.isPending}
            error={calls.error}
            loading="Loading calls"
            failed="Could not load the calls."
          />
        )}
        {calls.data?.length === 0 && <p className="py-6 text-muted-foreground">No calls booked yet.</p>}
        {calls.data && calls.data.length > 0 && (
          <ul aria-label="Calls" className="space-y-3">
            {calls.data.map((call) => (
              <li key={call.id}>
                <CallEntry call={call} timeZone={zone} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function CallEntry({ call, timeZone }: { call: AdminBooking; timeZone: string }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useAdminAction(
    () => cancelBookedCall(call.id),
    () => ({ title: 'Call cancelled', description: `${call.name} is told by email.` }),
    [BOOKING_SLOTS_PATH],
  );
  const upcoming = call.status === 'booked' && new Date(call.end).getTime() > Date.now();
  return (
    <article aria-label={`Call with ${call.name}`} className="rounded-md border border-border p-4 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className={cn('font-semibold', call.status === 'cancelled' && 'line-through')}>
            {fullTime(call.start, timeZone)}
          </h3>
          <p className="break-words text-muted-foreground">
            {call.name} ·{' '}
            <a href={`mailto:${call.email}`} className="underline underline-offset-2">
              {call.email}
            </a>
            {call.timeZone && call.timeZone !== timeZone
              ? ` · their time: ${fullTime(call.start, call.timeZone)}`
              : ''}
          </p>
          <p className="mt-1 whitespace-pre-line break-words">{call.topic}</p>
        </div>
        <span
          className={cn(
            'rounded-full border px-2 py-0.5 text-xs font-medium',
            call.status === 'cancelled' ? 'border-border bg-muted' : 'border-accent bg-accent/10',
          )}
        >
          {call.status === 'cancelled' ? 'Cancelled' : upcoming ? 'Booked' : 'Done'}
        </span>
      </div>
      {upcoming &&
        (confirming ? (
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="destructive"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(undefined)}
            >
              {cancel.isPending ? 'Cancelling...' : 'Yes, cancel and tell them'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        ) : (
          <Button size="sm" variant="outline" className="mt-3" onClick={() => setConfirming(true)}>
            Cancel the call
          </Button>
        ))}
    </article>
  );
}

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

function SettingsForm({ initial: stored }: { initial: BookingSettings }) {
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
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save availability'}
      </Button>
    </form>
  );
}
