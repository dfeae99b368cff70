/**
 * /booking/:token: the visitor's private link to a booked call. It shows the call in their time
 * zone, moves it to another free slot or cancels it (after a confirmation).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { BookingSlots, BookingView } from '../../../common/schemas/booking.ts';
import { useFormAnswer, usePageAction } from '../../lib/form-post.ts';
import { paths } from '../../lib/paths.ts';
import { ApiError, errorMessage } from '../../lib/request.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { ConfirmStep, KeepLink } from '../../ui/confirm-step.tsx';
import { FormName } from '../../ui/form-notice.tsx';
import { CalendarDays, Download } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { failureToast, toast } from '../../ui/use-toast.ts';
import { useStaticCopy } from '../layout/static-copy.ts';
import { StaticNotice } from '../layout/static-notice.tsx';
import {
  BOOKING_SLOTS_PATH,
  bookingPath,
  cancelCall,
  fullTime,
  moveCall,
  useBooking,
  useSlots,
} from './api.ts';
import { SlotsState, useVisitorTimeZone } from './booking-page.tsx';
import { SlotPicker } from './slot-picker.tsx';

/** The call's forms by name in the page's action (ADR 013). */
export const MANAGE_FORMS = { move: 'move', cancel: 'cancel' } as const;

/** What the page is asked to show with the call: `?change=move|cancel` (a link, so it works without code). */
export const CHANGE_PARAM = 'change';

export function ManageBooking({
  token,
  initial = null,
  initialSlots = null,
}: {
  token: string;
  initial?: BookingView | null;
  /** The free times, read on the server when the page opens to move the call. */
  initialSlots?: BookingSlots | null;
}) {
  const staticCopy = useStaticCopy();
  const timeZone = useVisitorTimeZone();
  const path = bookingPath(token);
  // Read on the server as the visitor, so the page is whole in its HTML.
  const booking = useBooking(token, !staticCopy, initial);
  const [params, setParams] = useSearchParams();
  const asked = params.get(CHANGE_PARAM);
  const mode = asked === 'move' || asked === 'cancel' ? asked : 'view';
  const view = () => setParams({}, { replace: true, preventScrollReset: true });

  if (staticCopy) return <StaticNotice feature="Managing a call" />;
  if (booking.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading your call" />
      </div>
    );
  }
  if (booking.isError) {
    const missing = booking.error instanceof ApiError && booking.error.status === 404;
    return (
      <Card className="p-6">
        <h2 className="text-xl font-semibold">{missing ? 'Link not found' : 'Something went wrong'}</h2>
        <p className="mt-2 text-muted-foreground">
          {errorMessage(booking.error) ?? 'The call could not be loaded. Please try again.'}
        </p>
        <Button asChild variant="link" className="mt-2 px-0">
          <Link to={paths.bookACall}>Book a call</Link>
        </Button>
      </Card>
    );
  }
  const call = booking.data;
  const past = new Date(call.end).getTime() <= Date.now();
  return (
    <div className="space-y-6">
      <Card className="p-6">
        <p className="text-sm font-medium uppercase tracking-wide text-muted-foreground">
          {call.status === 'cancelled' ? 'Cancelled call' : past ? 'Past call' : 'Your call'} with{' '}
          {call.ownerName}
        </p>
        <p
          className={`mt-2 flex items-start gap-2 text-xl font-semibold ${call.status === 'cancelled' ? 'line-through' : ''}`}
        >
          <CalendarDays className="mt-1 h-5 w-5 shrink-0 text-primary" />
          {fullTime(call.start, timeZone)}
        </p>
        <p className="mt-1 text-sm text-muted-foreground">
          {call.callMinutes} minutes · {call.name} · {call.topic}
        </p>
        {call.status === 'cancelled' ? (
          <p role="status" className="mt-4 text-sm">
            This call is cancelled.{' '}
            <Link to={paths.bookACall} className="font-medium text-primary underline underline-offset-2">
              Book a new one
            </Link>
          </p>
        ) : (
          !past &&
          mode === 'view' && (
            <div className="mt-5 flex flex-wrap gap-3">
              <Button asChild>
                <Link to={`?${CHANGE_PARAM}=move`} preventScrollReset>
                  Move it
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={`?${CHANGE_PARAM}=cancel`} preventScrollReset>
                  Cancel the call
                </Link>
              </Button>
              <Button asChild variant="ghost">
                <a href={`${path}/calendar.ics`} download="call.ics">
                  <Download className="h-4 w-4" /> Add to calendar
                </a>
              </Button>
            </div>
          )
        )}
        {mode === 'cancel' && call.status === 'booked' && <CancelCall token={token} onDone={view} />}
      </Card>
      {mode === 'move' && call.status === 'booked' && (
        <MoveCall
          token={token}
          current={call.start}
          timeZone={timeZone}
          initialSlots={initialSlots}
          onDone={view}
        />
      )}
    </div>
  );
}

function CancelCall({ token, onDone }: { token: string; onDone: () => void }) {
  const path = bookingPath(token);
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelCall(token),
    onSuccess: (data) => {
      queryClient.setQueryData([path], data);
      void queryClient.invalidateQueries({ queryKey: [BOOKING_SLOTS_PATH] });
      toast({ title: 'Call cancelled', description: 'The cancellation is on its way by email.' });
      onDone();
    },
    onError: failureToast('Not cancelled'),
  });
  const answer = useFormAnswer(MANAGE_FORMS.cancel);
  const pageAction = usePageAction();
  return (
    <ConfirmStep
      form={MANAGE_FORMS.cancel}
      action={pageAction}
      question="Cancel this call? The time becomes free for others."
      answer={answer}
      confirm={['Yes, cancel it', 'Cancelling...']}
      pending={cancel.isPending}
      onConfirm={() => cancel.mutate()}
      className="mt-5"
    />
  );
}

function MoveCall({
  token,
  current,
  timeZone,
  initialSlots,
  onDone,
}: {
  token: string;
  current: string;
  timeZone: string;
  initialSlots: BookingSlots | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const path = bookingPath(token);
  const slots = useSlots(true, initialSlots);
  const answer = useFormAnswer(MANAGE_FORMS.move);
  const pageAction = usePageAction();
  const hydrated = useHydrated();
  const [start, setStart] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(answer?.message ?? null);
  const move = useMutation({
    mutationFn: (to: string) => moveCall(token, to),
    onSuccess: (data) => {
      queryClient.setQueryData([path], data);
      void queryClient.invalidateQueries({ queryKey: [BOOKING_SLOTS_PATH] });
      toast({ title: 'Call moved', description: 'The new time is on its way by email.' });
      onDone();
    },
    onError: (failure) => {
      setProblem(errorMessage(failure) ?? 'The call could not be moved. Please try again.');
      setStart(null);
      void slots.refetch();
    },
  });
  return (
    <form
      method="post"
      action={pageAction}
      aria-labelledby="move-heading"
      className="space-y-5 rounded-lg border border-border bg-card p-4 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (start) move.mutate(start);
      }}
    >
      <FormName name={MANAGE_FORMS.move} />
      <div>
        <h2 id="move-heading" className="text-xl font-semibold">
          Move to another time
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Times are in your time zone ({timeZone}).</p>
      </div>
      {slots.data ? (
        <SlotPicker
          slots={slots.data.slots.filter((slot) => slot !== current)}
          timeZone={timeZone}
          value={start}
          onChange={(value) => {
            setStart(value);
            if (value) setProblem(null);
          }}
        />
      ) : (
        <SlotsState query={slots} />
      )}
      {problem && (
        <p
          role="alert"
          className="rounded-md border border-destructive bg-destructive/5 p-3 text-sm font-medium"
        >
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          disabled={(hydrated && !start) || move.isPending}
          className="h-auto min-h-10 whitespace-normal! text-left"
        >
          {move.isPending
            ? 'Moving...'
            : start
              ? `Move to ${fullTime(start, timeZone)}`
              : hydrated
                ? 'Choose a new time'
                : 'Move to the chosen time'}
        </Button>
        <KeepLink>Keep the current time</KeepLink>
      </div>
    </form>
  );
}
