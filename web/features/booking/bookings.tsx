import { useSearchParams } from 'react-router';
import type { AdminBooking } from '../../../common/schemas/booking.ts';
import { useAsking, useDone } from '../../lib/form-post.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmStep, useConfirmStep } from '../../ui/confirm-step.tsx';
import { DoneNotice } from '../../ui/form-notice.tsx';
import { Link } from '../../ui/link.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { useRefreshAdmin } from '../admin/admin-list.tsx';
import { EntryCard, Panel, StatusBadge } from '../admin/panel.tsx';
import {
  BOOKING_SLOTS_PATH,
  CALL_FORMS,
  CANCEL_PARAM,
  fullTime,
  useBookedCalls,
  useBookingSettings,
} from './api.ts';
import { SettingsForm } from './availability-form.tsx';
import { CalendarsPanel } from './calendars.tsx';
import { CallAnswers } from './call-answers.tsx';
import { CallTypesPanel } from './call-types.tsx';

export function BookingsAdmin() {
  const settings = useBookingSettings();
  return (
    <div className="space-y-8">
      <CallList timeZone={settings.data?.timeZone} />
      <CallTypesPanel />
      <CalendarsPanel />
      <Panel
        headingId="availability-heading"
        title="Availability"
        description={
          <>
            When visitors can book a call with you. Times are in {settings.data?.timeZone ?? 'your time zone'}
            , and visitors see them in their own.
          </>
        }
      >
        {settings.data ? (
          <SettingsForm initial={settings.data} />
        ) : (
          <LoadState
            className="mt-4"
            query={settings}
            loading="Loading availability"
            failed="Could not load the availability."
          />
        )}
      </Panel>
    </div>
  );
}

function CallList({ timeZone }: { timeZone: string | undefined }) {
  const calls = useBookedCalls();
  const zone = timeZone ?? 'UTC';
  const cancelled = useDone(CALL_FORMS.cancel);
  return (
    <Panel
      headingId="calls-heading"
      title="Calls"
      description="Booked through 'Book a call', from a week ago on, soonest first."
    >
      <div className="mt-4" aria-busy={calls.isPending}>
        {cancelled && <DoneNotice className="mb-3" title="Call cancelled" text="They are told by email." />}
        {!calls.data && (
          <LoadState query={calls} loading="Loading calls" failed="Could not load the calls." />
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
    </Panel>
  );
}

function CallEntry({ call, timeZone }: { call: AdminBooking; timeZone: string }) {
  const [params] = useSearchParams();
  const refresh = useRefreshAdmin();
  const asking = useAsking(CANCEL_PARAM, String(call.id));
  const cancel = useConfirmStep(CALL_FORMS.cancel, {
    id: String(call.id),
    done: { title: 'Call cancelled', description: `${call.name} is told by email.` },
    onDone: () => void refresh(BOOKING_SLOTS_PATH),
  });
  const upcoming = call.status === 'booked' && new Date(call.end).getTime() > Date.now();
  return (
    <EntryCard
      id={`call-${call.id}`}
      label={`Call with ${call.name}`}
      wide
      heading={
        call.status === 'cancelled' ? <s>{fullTime(call.start, timeZone)}</s> : fullTime(call.start, timeZone)
      }
      lines={
        <>
          <p className="break-words text-muted-foreground">
            {call.name} ·{' '}
            <a href={`mailto:${call.email}`} className="underline underline-offset-2">
              {call.email}
            </a>
            {call.timeZone && call.timeZone !== timeZone
              ? ` · their time: ${fullTime(call.start, call.timeZone)}`
              : ''}
          </p>
          {call.callType ? (
            <p className="mt-1 text-muted-foreground">
              {call.callType}
              {call.location ? ` · ${call.location}` : ''}
            </p>
          ) : null}
          <p className="mt-1 whitespace-pre-line break-words">{call.topic}</p>
          <CallAnswers answers={call.answers} />
        </>
      }
      badge={
        <StatusBadge tone={call.status === 'cancelled' ? 'quiet' : 'good'}>
          {call.status === 'cancelled' ? 'Cancelled' : upcoming ? 'Booked' : 'Done'}
        </StatusBadge>
      }
    >
      {upcoming &&
        (params.get(CANCEL_PARAM) === String(call.id) ? (
          <ConfirmStep
            step={cancel}
            param={CANCEL_PARAM}
            question={`Cancel the call with ${call.name}? They are told by email, and the time becomes free.`}
            confirm={['Yes, cancel and tell them', 'Cancelling...']}
            className="mt-3"
          />
        ) : (
          <Button asChild size="sm" variant="outline" className="mt-3">
            {/* To the call itself: without the page's code the question is a page of its own. */}
            <Link to={`${asking}#call-${call.id}`} preventScrollReset>
              Cancel the call
            </Link>
          </Button>
        ))}
    </EntryCard>
  );
}
