/**
 * /book-a-call: the free slots in the visitor's time zone, then name, email and topic. A slot
 * someone else took a moment earlier is answered with the server's message and fresh slots. The
 * confirmation gives the private link to cancel or move the call and the calendar file.
 */
import { useEffect, useState } from 'react';
import type { BookingSlots } from '../../../common/schemas/booking.ts';
import { paths } from '../../lib/paths.ts';
import { errorMessage } from '../../lib/request.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Field } from '../../ui/field.tsx';
import { FormName, FormNotice } from '../../ui/form-notice.tsx';
import { CalendarDays } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { Link } from '../../ui/link.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { useStaticCopy } from '../layout/static-copy.ts';
import { StaticNotice } from '../layout/static-notice.tsx';
import {
  BOOK_FORM,
  clock,
  fullTime,
  type ShownZone,
  shortDay,
  useSlots,
  visitorTimeZone,
  zoneSentence,
} from './api.ts';
import { SlotPicker } from './slot-picker.tsx';

const BOOK_FORM_ID = 'book-form';

const recheck = () =>
  import('../../../common/schemas/booking.ts').then((module) => module.bookingRequestSchema);

export function SlotsState({ query }: { query: ReturnType<typeof useSlots> }) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading free times" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="rounded-lg border border-destructive p-4 text-sm">
        <p>{errorMessage(query.error) ?? 'The free times could not be loaded.'}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return null;
}

/**
 * The booking form: posted to the page's action (book-a-call.tsx), with the page's code or without
 * it (ADR 018); a booked call's own private page is where a success goes. A time someone else took
 * a moment earlier comes back with the server's message and the free times read again.
 */
export function BookingPage({ initialSlots = null }: { initialSlots?: BookingSlots | null }) {
  const staticCopy = useStaticCopy();
  // The static copy has no server to ask.
  const slots = useSlots(!staticCopy, initialSlots);
  // The owner's zone until the browser can say the visitor's (the server lists the slots in it).
  const zone = useShownZone(slots.data?.timeZone ?? 'UTC');
  const { timeZone } = zone;
  const book = useRouteForm(BOOK_FORM, { recheck });
  const { field, errorOf } = book;
  // The time chosen before the code arrived, or kept from a post the server refused.
  const [start, setStart] = useState<string | null>(() => book.answer?.values.start || null);
  // A time chosen before the code arrived (the browser checked its radio): taken over once the page
  // is live, not in the first render, which must be the server's HTML as it was (a mismatch there
  // throws the page away and the choice with it).
  useEffect(() => {
    const chosen = document.querySelector<HTMLInputElement>(`#${BOOK_FORM_ID} input[name="start"]:checked`);
    if (chosen?.value) setStart(chosen.value);
  }, []);
  // A refusal may be a time just taken: the free times are read again, and the kept time with them.
  const refusal = book.answer;
  const refetch = slots.refetch;
  useEffect(() => {
    if (!refusal) return;
    setStart(refusal.values.start || null);
    void refetch();
  }, [refusal, refetch]);

  if (staticCopy) return <StaticNotice feature="Booking a call" />;
  if (!slots.data) return <SlotsState query={slots} />;
  if (slots.data.slots.length === 0) {
    return (
      <Card className="p-6">
        <h2 className="text-xl font-semibold">No free times right now</h2>
        <p className="mt-2 text-muted-foreground">
          Every slot in the coming weeks is taken. Send a message instead and I'll reply within 24 hours.
        </p>
        <Button asChild className="mt-4">
          <Link to={`${paths.home}#contact`}>Get In Touch</Link>
        </Button>
      </Card>
    );
  }
  return (
    <book.Form
      ref={book.formRef}
      id={BOOK_FORM_ID}
      method="post"
      action={paths.bookACall}
      noValidate
      aria-labelledby="book-form-title"
      className="space-y-6 rounded-lg border border-border bg-card p-4 sm:p-6"
    >
      <FormName name={BOOK_FORM} />
      {/* The visitor's zone for their emails, only once it is known to be theirs. */}
      <input type="hidden" name="timeZone" value={zone.visitors ? timeZone : ''} />
      <div>
        <h2 id="book-form-title" className="text-xl font-semibold">
          Choose a time
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{`${slots.data.callMinutes}-minute video or phone call.`}</p>
        <ZoneLine zone={zone} />
      </div>
      <SlotPicker slots={slots.data.slots} timeZone={timeZone} value={start} onChange={setStart} />
      <FormNotice answer={book.answer} />
      <NextFreeTimes
        taken={refusal?.values.start}
        slots={slots.data.slots}
        timeZone={timeZone}
        onChoose={setStart}
      />
      {errorOf('start') ? (
        <p
          role="alert"
          className="rounded-md border border-destructive bg-destructive/5 p-3 text-sm font-medium"
        >
          {errorOf('start')}
        </p>
      ) : null}
      {start && slots.data.slots.includes(start) && (
        <p className="flex items-center gap-2 text-sm font-medium" aria-live="polite">
          <CalendarDays className="h-4 w-4 text-primary" />
          {fullTime(start, timeZone)}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errorOf('name')}>
          <Input autoComplete="name" {...field('name')} />
        </Field>
        <Field label="Email" error={errorOf('email')}>
          <Input type="email" autoComplete="email" {...field('email')} />
        </Field>
      </div>
      <Field label="What would you like to talk about?" error={errorOf('topic')}>
        <Textarea rows={3} {...field('topic')} />
      </Field>
      <Button type="submit" pending={book.pending} pendingText="Booking...">
        Book the call
      </Button>
    </book.Form>
  );
}

/**
 * After a time someone else took a moment earlier (issue 49, point 5): the next free times after
 * it, to press at once with the page's code, or to find in the list above without it.
 */
function NextFreeTimes({
  taken,
  slots,
  timeZone,
  onChoose,
}: {
  taken: string | undefined;
  slots: string[];
  timeZone: string;
  onChoose: (start: string) => void;
}) {
  const hydrated = useHydrated();
  if (!taken || slots.includes(taken)) return null;
  const next = slots.filter((slot) => slot > taken).slice(0, 3);
  if (next.length === 0) return null;
  return (
    <div className="text-sm">
      <p className="font-medium">The next free times:</p>
      <ul aria-label="The next free times" className="mt-2 flex flex-wrap gap-2">
        {next.map((slot) => (
          <li key={slot}>
            {hydrated ? (
              <Button type="button" variant="outline" size="sm" onClick={() => onChoose(slot)}>
                {`${shortDay(slot, timeZone)}, ${clock(slot, timeZone)}`}
              </Button>
            ) : (
              <span className="inline-block rounded-md border border-border px-3 py-1.5">
                {`${shortDay(slot, timeZone)}, ${clock(slot, timeZone)}`}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What the times are in. Two lines are kept for it on a phone: the owner's zone said by name in
 * the HTML and the visitor's once live differ in length, and a tap must not land where the
 * times were a moment before.
 */
export function ZoneLine({ zone }: { zone: ShownZone }) {
  return <p className="mt-1 min-h-10 text-sm text-muted-foreground sm:min-h-5">{zoneSentence(zone)}</p>;
}

/** The visitor's zone, known only in the browser: the owner's (said as such) until hydrated (no mismatch). */
export function useShownZone(ownerZone: string): ShownZone {
  const [visitorZone, setTimeZone] = useState<string | null>(null);
  useEffect(() => setTimeZone(visitorTimeZone()), []);
  return visitorZone ? { timeZone: visitorZone, visitors: true } : { timeZone: ownerZone, visitors: false };
}
