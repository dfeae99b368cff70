/**
 * /book-a-call: the free slots in the visitor's time zone, then name, email and topic. A slot
 * someone else took a moment earlier is answered with the server's message and fresh slots. The
 * confirmation gives the private link to cancel or move the call and the calendar file.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  type BookingCreated,
  type BookingSlots,
  bookingRequestSchema,
} from '../../../common/schemas/booking.ts';
import { paths } from '../../lib/paths.ts';
import { ApiError, errorMessage } from '../../lib/request.ts';
import { usePostForm } from '../../lib/use-post-form.ts';
import { BackHome } from '../../ui/back-home.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Field } from '../../ui/field.tsx';
import { FormName, FormNotice } from '../../ui/form-notice.tsx';
import { CalendarDays, CheckCircle2, Download } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { useStaticCopy } from '../layout/static-copy.ts';
import { StaticNotice } from '../layout/static-notice.tsx';
import { BOOKING_SLOTS_PATH, BOOKINGS_PATH, bookCall, fullTime, useSlots, visitorTimeZone } from './api.ts';
import { SlotPicker } from './slot-picker.tsx';

const BOOK_FORM_ID = 'book-form';

const detailsSchema = bookingRequestSchema.pick({ name: true, email: true, topic: true });
type Details = z.input<typeof detailsSchema>;

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

export function BookingPage({ initialSlots = null }: { initialSlots?: BookingSlots | null }) {
  const staticCopy = useStaticCopy();
  // The static copy has no server to ask.
  const slots = useSlots(!staticCopy, initialSlots);
  // The owner's zone until the browser can say the visitor's (the server lists the slots in it).
  const timeZone = useVisitorTimeZone(slots.data?.timeZone);
  const queryClient = useQueryClient();
  const { answer, field, errorOf, onSubmit } = usePostForm<Details>({
    id: BOOK_FORM_ID,
    form: 'book',
    empty: { name: '', email: '', topic: '' },
    resolver: zodResolver(detailsSchema),
  });
  // The time chosen before the code arrived, or kept from a post the server refused.
  const [start, setStart] = useState<string | null>(() => {
    const typed =
      typeof document === 'undefined'
        ? null
        : document.querySelector<HTMLInputElement>(`#${BOOK_FORM_ID} input[name="start"]:checked`);
    return typed?.value ?? answer?.values.start ?? null;
  });
  const [taken, setTaken] = useState<string | null>(null);
  const book = useMutation({
    mutationFn: (details: Details) => bookCall({ ...details, start, timeZone }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [BOOKING_SLOTS_PATH] }),
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 409) {
        // Someone took it first: say so, and show what is still free.
        setTaken(errorMessage(failure) ?? 'That time is no longer free.');
        setStart(null);
        void slots.refetch();
      }
    },
  });

  if (staticCopy) return <StaticNotice feature="Booking a call" />;
  if (book.isSuccess) return <Booked created={book.data} timeZone={timeZone} />;
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
    <form
      id={BOOK_FORM_ID}
      method="post"
      action={paths.bookACall}
      noValidate
      aria-labelledby="book-form-title"
      className="space-y-6 rounded-lg border border-border bg-card p-4 sm:p-6"
      onSubmit={onSubmit((details) => {
        if (!start) {
          setTaken('Choose a time first.');
          return;
        }
        setTaken(null);
        book.mutate(details);
      })}
    >
      <FormName name="book" />
      <input type="hidden" name="timeZone" value={timeZone} />
      <div>
        <h2 id="book-form-title" className="text-xl font-semibold">
          Choose a time
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {slots.data.callMinutes}-minute video or phone call. Times are in your time zone ({timeZone}).
        </p>
      </div>
      <SlotPicker
        slots={slots.data.slots}
        timeZone={timeZone}
        value={start}
        onChange={(value) => {
          setStart(value);
          if (value) setTaken(null);
        }}
      />
      <FormNotice answer={answer} />
      {taken && (
        <p
          role="alert"
          className="rounded-md border border-destructive bg-destructive/5 p-3 text-sm font-medium"
        >
          {taken}
        </p>
      )}
      {start && (
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
      {book.isError && !(book.error instanceof ApiError && book.error.status === 409) && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errorMessage(book.error) ?? 'The call could not be booked. Please try again.'}
        </p>
      )}
      <Button type="submit" pending={book.isPending} pendingText="Booking...">
        Book the call
      </Button>
    </form>
  );
}

/** The visitor's zone, known only in the browser: the owner's until hydrated (no mismatch). */
export function useVisitorTimeZone(ownerZone = 'UTC'): string {
  const [visitorZone, setTimeZone] = useState<string | null>(null);
  const timeZone = visitorZone ?? ownerZone;
  useEffect(() => setTimeZone(visitorTimeZone()), []);
  return timeZone;
}

function Booked({ created, timeZone }: { created: BookingCreated; timeZone: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const token = created.manageUrl.split('/booking/')[1] ?? '';
  return (
    <Card className="p-6">
      <CheckCircle2 className="h-10 w-10 text-primary" />
      <h2 ref={heading} tabIndex={-1} className="mt-3 text-2xl font-bold outline-none">
        Your call is booked
      </h2>
      <p className="mt-2 text-lg font-medium">{fullTime(created.booking.start, timeZone)}</p>
      <p className="mt-2 text-muted-foreground">
        An invitation for your calendar is on its way by email. To cancel or move the call, use this private
        link (it is in the email too):
      </p>
      <p className="mt-3 break-all rounded-md bg-muted/60 p-3 text-sm">
        <Link to={paths.booking(token)} className="font-medium text-primary underline underline-offset-2">
          {created.manageUrl}
        </Link>
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <a href={`${BOOKINGS_PATH}/${token}/calendar.ics`} download="call.ics">
            <Download className="h-4 w-4" /> Add to calendar (.ics)
          </a>
        </Button>
        <BackHome />
      </div>
    </Card>
  );
}
