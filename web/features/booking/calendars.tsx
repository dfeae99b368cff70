/**
 * The owner's calendars on the Calls page (issue 49): how each one's last read went (and, when it
 * went wrong, whether visitors are still offered times: for 5 minutes after the last good read),
 * the CalDAV account and the calendar bookings are written to, and the private ICS feeds. Every
 * form posts to the page with or without its code (ADR 018); the app password is never shown
 * again, and a blank one keeps the stored one.
 */
import type { ReactNode } from 'react';
import type { CalendarOverview, CalendarState } from '../../../common/schemas/calendars.ts';
import { useDone, useFormAnswer, usePageAction } from '../../lib/form-post.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { DoneNotice, FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { Select } from '../../ui/select.tsx';
import { When } from '../../ui/when.tsx';
import { useRefreshAdmin } from '../admin/admin-list.tsx';
import { Panel, StatusBadge } from '../admin/panel.tsx';
import { RemoveButton, RowForm } from '../admin/row-list.tsx';
import { BOOKING_SLOTS_PATH, CALENDAR_FORMS, useCalendars } from './api.ts';

function CalendarRow({ calendar }: { calendar: CalendarState }) {
  const tone = calendar.problem ? (calendar.current ? 'notice' : 'bad') : calendar.goodAt ? 'good' : 'quiet';
  const badge = calendar.problem
    ? calendar.goodAt
      ? 'Last read failed'
      : 'Cannot be read'
    : calendar.goodAt
      ? 'Read'
      : 'Not read yet';
  return (
    <li className="rounded-md border border-border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium break-all">{calendar.label}</span>
        <StatusBadge tone={tone}>{badge}</StatusBadge>
      </div>
      {calendar.goodAt ? (
        <p className="mt-1 text-muted-foreground">
          Last read <When iso={calendar.goodAt} />: {calendar.busy} busy{' '}
          {calendar.busy === 1 ? 'time' : 'times'} in the days visitors can book.
        </p>
      ) : (
        <p className="mt-1 text-muted-foreground">Visitors are offered no time until it has been read.</p>
      )}
      {calendar.problem && (
        <p className="mt-1 text-destructive">
          {`What went wrong: ${calendar.problem}.`}
          {calendar.current
            ? ' Visitors are offered times from the last good read for 5 minutes after it, then none until it is read again.'
            : calendar.goodAt
              ? ' Its last good read is over 5 minutes old: visitors are offered no time until it is read again.'
              : ''}
        </p>
      )}
    </li>
  );
}

/** A calendar form's page-side: the spec-toned toast, the calendars and slots read again. */
function useCalendarForm(name: string, done: { title: string; description: string }, key?: string) {
  const refresh = useRefreshAdmin();
  return useRouteForm(name, {
    ...(key ? { key, match: (answer) => answer.values.id === key.split(':')[1] } : {}),
    done,
    onDone: () => void refresh(BOOKING_SLOTS_PATH),
  });
}

/** A calendar's address (`url`): the phone's keyboard for addresses, nothing capitalised or corrected. */
function AddressField({
  className,
  label,
  hint,
  error,
  defaultValue,
  placeholder,
}: {
  className: string;
  label: string;
  hint: string;
  error: string | undefined;
  defaultValue: string;
  placeholder: string;
}) {
  return (
    <div className={className}>
      <Field label={label} hint={hint} error={error}>
        <Input
          name="url"
          type="url"
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
          defaultValue={defaultValue}
          placeholder={placeholder}
        />
      </Field>
    </div>
  );
}

const ACCOUNT_DONE = {
  title: 'Calendar account connected',
  description: 'Its busy times now block slots, and new bookings are written to it.',
};

/** The CalDAV account: connected here (address, user name, app password) or by the deployment. */
function AccountForm({ caldav }: { caldav: CalendarOverview['caldav'] }) {
  const form = useCalendarForm(CALENDAR_FORMS.account, ACCOUNT_DONE);
  const disconnect = useCalendarForm(CALENDAR_FORMS.disconnect, {
    title: 'Calendar account disconnected',
    description: 'Its busy times no longer block slots.',
  });
  if (caldav?.fromEnvironment) {
    return (
      <p className="mt-2 text-sm text-muted-foreground">
        {`${caldav.label} is connected by the deployment (`}
        <code>BOOKING_CALDAV_URL</code>
        {'): change it there.'}
      </p>
    );
  }
  const kept = form.answer?.values;
  return (
    <>
      {disconnect.done && !disconnect.answer && (
        <DoneNotice
          className="mt-3"
          title="Calendar account disconnected"
          text="Its busy times no longer block slots."
        />
      )}
      <CalendarForm
        form={form}
        done={ACCOUNT_DONE}
        label="Calendar account"
        className="mt-3 grid gap-4 sm:grid-cols-2"
      >
        <AddressField
          className="sm:col-span-2"
          label="Server address"
          hint="Your provider's CalDAV address, such as https://caldav.icloud.com/ or your Nextcloud's."
          error={form.errorOf('url')}
          defaultValue={kept?.url ?? caldav?.url ?? ''}
          placeholder="https://caldav.example.com/"
        />
        <Field label="User name" error={form.errorOf('username')}>
          <Input
            name="username"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={kept?.username ?? caldav?.username ?? ''}
          />
        </Field>
        <Field
          label="App password"
          hint={
            caldav
              ? 'Kept as it is when left blank.'
              : 'Made for this site in your account’s security settings.'
          }
          error={form.errorOf('password')}
        >
          <Input name="password" type="password" autoComplete="new-password" defaultValue="" />
        </Field>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" pending={form.pending} pendingText="Checking the account...">
            {caldav ? 'Save account' : 'Connect account'}
          </Button>
        </div>
        <FormNotice className="sm:col-span-2" answer={form.answer} />
      </CalendarForm>
      {caldav && (
        <CalendarForm form={disconnect} label="Disconnect the calendar account" className="mt-3">
          <Button type="submit" variant="outline" pending={disconnect.pending} pendingText="Disconnecting...">
            Disconnect account
          </Button>
          <FormNotice className="mt-2" answer={disconnect.answer} />
        </CalendarForm>
      )}
    </>
  );
}

const doneText = (done: { title: string; description: string }) => ({
  title: done.title,
  text: done.description,
});

/** One of the calendar forms: its success said above it, posted to the page with or without its code. */
function CalendarForm({
  form,
  done,
  label,
  className,
  children,
}: {
  form: ReturnType<typeof useCalendarForm>;
  done?: { title: string; description: string };
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <>
      {done && form.done && !form.answer && <DoneNotice className="mt-3" {...doneText(done)} />}
      <PageForm form={form} aria-label={label} className={className}>
        {children}
      </PageForm>
    </>
  );
}

/** Which of the account's calendars bookings are written to. */
function WriteToForm({ caldav }: { caldav: NonNullable<CalendarOverview['caldav']> }) {
  const done = { title: 'Calendar chosen', description: 'New bookings are written to it.' };
  const form = useCalendarForm(CALENDAR_FORMS.writeTo, done);
  if (!caldav.calendars) {
    return (
      <p className="mt-3 text-sm text-muted-foreground">
        The account’s calendars could not be listed just now. Bookings are written to{' '}
        {caldav.writeTo ? 'the calendar you chose' : 'its first calendar'}.
      </p>
    );
  }
  if (caldav.calendars.length === 0) {
    return <p className="mt-3 text-sm text-destructive">The account has no calendar to write bookings to.</p>;
  }
  const options = Object.fromEntries(caldav.calendars.map((calendar) => [calendar.url, calendar.name]));
  return (
    <CalendarForm
      form={form}
      done={done}
      label="Where bookings go"
      className="mt-4 flex flex-wrap items-end gap-3"
    >
      <div className="min-w-0 flex-1 basis-60">
        <Field label="Write bookings to" error={form.errorOf('calendar')}>
          <Select
            name="calendar"
            options={options}
            defaultValue={form.answer?.values.calendar ?? caldav.writeTo ?? caldav.calendars[0]?.url}
          />
        </Field>
      </div>
      <Button type="submit" variant="outline" pending={form.pending} pendingText="Saving...">
        Save
      </Button>
      <FormNotice className="basis-full" answer={form.answer} />
    </CalendarForm>
  );
}

/** One feed: its label, and a Remove button unless the deployment set it. */
function FeedRow({ feed }: { feed: CalendarOverview['feeds'][number] }) {
  const action = usePageAction();
  const form = useCalendarForm(
    CALENDAR_FORMS.removeFeed,
    { title: 'Calendar removed', description: 'Its busy times no longer block slots.' },
    `${CALENDAR_FORMS.removeFeed}:${feed.id ?? ''}`,
  );
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm">
      <span className="min-w-0 break-all">{feed.label}</span>
      {feed.id ? (
        <RowForm form={form} id={feed.id} label={`Remove ${feed.label}`} action={action} className="">
          <RemoveButton form={form} />
        </RowForm>
      ) : (
        <span className="text-muted-foreground">Set by the deployment</span>
      )}
    </li>
  );
}

/** The private ICS feeds, and one added by its address. */
function Feeds({ feeds }: { feeds: CalendarOverview['feeds'] }) {
  const done = { title: 'Calendar added', description: 'Its busy times now block slots.' };
  const form = useCalendarForm(CALENDAR_FORMS.addFeed, done);
  // A removed feed's row (and its form) is gone from the page it comes back to: the notice is here.
  const removedDone = useDone(CALENDAR_FORMS.removeFeed);
  const removedAnswer = useFormAnswer(CALENDAR_FORMS.removeFeed);
  const removed = removedDone && !removedAnswer;
  return (
    <>
      {feeds.length > 0 && (
        <ul aria-label="Calendar feeds" className="mt-3 divide-y divide-border">
          {feeds.map((feed) => (
            <FeedRow key={feed.id ?? feed.label} feed={feed} />
          ))}
        </ul>
      )}
      {removed && (
        <DoneNotice className="mt-3" title="Calendar removed" text="Its busy times no longer block slots." />
      )}
      <CalendarForm
        form={form}
        done={done}
        label="Add a calendar feed"
        className="mt-3 flex flex-wrap items-end gap-3"
      >
        <AddressField
          className="min-w-0 flex-1 basis-72"
          label="Feed address"
          hint="Google’s or Outlook’s secret address in iCal format."
          error={form.errorOf('url')}
          defaultValue={form.answer?.values.url ?? ''}
          placeholder="https://calendar.example.com/private/basic.ics"
        />
        <Button type="submit" variant="outline" pending={form.pending} pendingText="Reading the calendar...">
          Add feed
        </Button>
        <FormNotice className="basis-full" answer={form.answer} />
      </CalendarForm>
    </>
  );
}

export function CalendarsPanel() {
  const overview = useCalendars();
  const data = overview.data;
  return (
    <Panel
      headingId="calendars-heading"
      title="Your calendars"
      description="Busy times in these calendars block the times visitors can book, with your buffers."
    >
      {data ? (
        <>
          {data.calendars.length === 0 ? (
            <p className="mt-4 text-sm text-muted-foreground">
              No calendar connected. Connect a calendar account or add a feed below.
            </p>
          ) : (
            <ul aria-label="Calendars read" className="mt-4 space-y-2">
              {data.calendars.map((calendar) => (
                <CalendarRow key={calendar.label} calendar={calendar} />
              ))}
            </ul>
          )}
          {data.writes.waiting > 0 && (
            <p className="mt-3 text-sm text-muted-foreground">
              {`${data.writes.waiting} ${data.writes.waiting === 1 ? 'booking waits' : 'bookings wait'} to be written to your calendar.`}
              {data.writes.problem ? (
                <span className="text-destructive">{` What went wrong: ${data.writes.problem}. It is tried again.`}</span>
              ) : null}
            </p>
          )}
          <h3 className="mt-6 text-sm font-semibold">Calendar account (CalDAV)</h3>
          <p className="mt-1 text-sm text-muted-foreground">
            iCloud, Fastmail, Nextcloud and others: bookings are written to it, and its busy times block
            slots.
          </p>
          <AccountForm caldav={data.caldav} />
          {data.caldav && <WriteToForm caldav={data.caldav} />}
          <h3 className="mt-6 text-sm font-semibold">Calendar feeds</h3>
          <p className="mt-1 text-sm text-muted-foreground">
            Busy times are read from them; nothing is written.
          </p>
          <Feeds feeds={data.feeds} />
        </>
      ) : (
        <LoadState
          className="mt-4"
          query={overview}
          loading="Loading your calendars"
          failed="Could not load your calendars."
        />
      )}
    </Panel>
  );
}
