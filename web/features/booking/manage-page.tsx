/**
 * /booking/:token: the visitor's private link to a booked call. It shows the call in their time
 * zone, moves it to another free slot or cancels it (after a confirmation).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type BookingSlots, type BookingView, CALENDAR_UNCHECKED } from '../../../common/schemas/booking.ts';
import { paths } from '../../lib/paths.ts';
import { ApiError, errorMessage } from '../../lib/request.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { useSiteInfo } from '../../lib/site.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { ConfirmStep, KeepLink, useConfirmStep } from '../../ui/confirm-step.tsx';
import { CalendarDays, CheckCircle2, Download } from '../../ui/icons.tsx';
import { Link } from '../../ui/link.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useStaticCopy } from '../layout/static-copy.ts';
import { StaticNotice } from '../layout/static-notice.tsx';
import {
  bookingPath,
  fullTime,
  isSlotsQuery,
  MANAGE_FORMS,
  moveSlotsPath,
  type ShownZone,
  useBooking,
  useSlots,
} from './api.ts';
import { SlotsState, useShownZone, ZoneLine } from './booking-page.tsx';
import { CallAnswers } from './call-answers.tsx';
import { SlotPicker } from './slot-picker.tsx';

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
  const path = bookingPath(token);
  // Read on the server as the visitor, so the page is whole in its HTML.
  const booking = useBooking(token, !staticCopy, initial);
  const zone = useShownZone(booking.data?.ownerTimeZone ?? 'UTC');
  const { timeZone } = zone;
  const [params] = useSearchParams();
  const asked = params.get(CHANGE_PARAM);
  const mode = asked === 'move' || asked === 'cancel' ? asked : 'view';
  // Held here, not in the question, which is gone once the call is cancelled.
  const cancel = useConfirmStep(MANAGE_FORMS.cancel, {
    done: { title: 'Call cancelled', description: 'The cancellation is on its way by email.' },
    onDone: useRefreshCall(token),
  });

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
          {call.callType ? `${call.callType} · ` : ''}
          {call.callMinutes} minutes · {call.name} · {call.topic}
        </p>
        {call.location ? <p className="mt-1 text-sm">{call.location}</p> : null}
        <CallAnswers answers={call.answers} />
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
        {mode === 'cancel' && call.status === 'booked' && (
          <ConfirmStep
            step={cancel}
            question="Cancel this call? The time becomes free for others."
            confirm={['Yes, cancel it', 'Cancelling...']}
            className="mt-5"
          />
        )}
      </Card>
      {mode === 'move' && call.status === 'booked' && (
        <MoveCall token={token} current={call.start} zone={zone} initialSlots={initialSlots} />
      )}
    </div>
  );
}

/** After the call changed: it, and the free times, are read again. */
function useRefreshCall(token: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [bookingPath(token)] });
    void queryClient.invalidateQueries({ predicate: isSlotsQuery });
  };
}

function MoveCall({
  token,
  current,
  zone,
  initialSlots,
}: {
  token: string;
  current: string;
  zone: ShownZone;
  initialSlots: BookingSlots | null;
}) {
  const { timeZone } = zone;
  const slots = useSlots(true, initialSlots, moveSlotsPath(token));
  const hydrated = useHydrated();
  const [start, setStart] = useState<string | null>(null);
  const move = useRouteForm(MANAGE_FORMS.move, {
    done: { title: 'Call moved', description: 'The new time is on its way by email.' },
    onDone: useRefreshCall(token),
  });
  // Refused (a time someone took a moment earlier): the free times are read again.
  const refusal = move.answer;
  const refetch = slots.refetch;
  useEffect(() => {
    if (!refusal) return;
    setStart(null);
    void refetch();
  }, [refusal, refetch]);
  return (
    <PageForm
      form={move}
      aria-labelledby="move-heading"
      className="space-y-5 rounded-lg border border-border bg-card p-4 sm:p-6"
    >
      <div>
        <h2 id="move-heading" className="text-xl font-semibold">
          Move to another time
        </h2>
        <ZoneLine zone={zone} />
      </div>
      {slots.data?.calendarUnchecked ? (
        <p className="rounded-md border border-border bg-muted/40 p-3 text-sm">{CALENDAR_UNCHECKED}</p>
      ) : slots.data ? (
        <SlotPicker
          slots={slots.data.slots.filter((slot) => slot !== current)}
          timeZone={timeZone}
          value={start}
          onChange={setStart}
        />
      ) : (
        <SlotsState query={slots} />
      )}
      {move.answer && !start ? (
        <p
          role="alert"
          className="rounded-md border border-destructive bg-destructive/5 p-3 text-sm font-medium"
        >
          {move.answer.message || move.errorOf('start')}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          disabled={(hydrated && !start) || move.pending}
          className="h-auto min-h-10 whitespace-normal! text-left"
        >
          {move.pending
            ? 'Moving...'
            : start
              ? `Move to ${fullTime(start, timeZone)}`
              : hydrated
                ? 'Choose a new time'
                : 'Move to the chosen time'}
        </Button>
        <KeepLink>Keep the current time</KeepLink>
      </div>
    </PageForm>
  );
}

/**
 * What a booking comes back to (`?done=booked` on the call's private page): the call is booked,
 * its private link to keep (the page's own address), and the invitation to add to a calendar.
 */
export function BookedNotice({ token }: { token: string }) {
  const site = useSiteInfo();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const own = `${site.url}${paths.booking(token)}`;
  return (
    <Card role="status" className="mb-6 border-primary p-6">
      <CheckCircle2 className="h-10 w-10 text-primary" />
      <h2 ref={heading} tabIndex={-1} className="mt-3 text-2xl font-bold outline-none">
        Your call is booked
      </h2>
      <p className="mt-2 text-muted-foreground">
        An invitation for your calendar is on its way by email. To cancel or move the call, use this private
        link (it is in the email too):
      </p>
      <p className="mt-3 break-all rounded-md bg-muted/60 p-3 text-sm">
        <Link to={paths.booking(token)} className="font-medium text-primary underline underline-offset-2">
          {own}
        </Link>
      </p>
      <Button asChild variant="outline" className="mt-4">
        <a href={`${bookingPath(token)}/calendar.ics`} download="call.ics">
          <Download className="h-4 w-4" /> Add to calendar (.ics)
        </a>
      </Button>
    </Card>
  );
}
