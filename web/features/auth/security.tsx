import type { SecurityOverview as Overview } from '../../../common/schemas/auth.ts';
import { dateAndTime } from '../../lib/dates.ts';
import { useDone, usePageAction } from '../../lib/form-post.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { useTimeZone } from '../../lib/site.ts';
import { Button } from '../../ui/button.tsx';
import { DoneNotice, FormNotice } from '../../ui/form-notice.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { When } from '../../ui/when.tsx';
import { useRefreshAdmin } from '../admin/admin-list.tsx';
import { RowForm, useRowForm } from '../admin/row-list.tsx';
import { Authenticator } from './authenticator.tsx';
import { Passkeys } from './passkeys.tsx';
import { useSecurityOverview } from './security-api.ts';
import { METHODS, SECURITY_FORMS, sectionClass } from './security-forms.ts';

export function Security() {
  const overview = useSecurityOverview();
  if (!overview.data) {
    const failed = 'Could not load sign-in and security.';
    return <LoadState query={overview} loading="Loading sign-in and security" failed={failed} />;
  }
  return (
    <div className="space-y-8">
      <Passkeys passkeys={overview.data.passkeys} />
      <Authenticator state={overview.data.authenticator} />
      <Sessions sessions={overview.data.sessions} />
    </div>
  );
}

function Sessions({ sessions }: { sessions: Overview['sessions'] }) {
  const refresh = useRefreshAdmin();
  const action = usePageAction();
  const endOthers = useRouteForm(SECURITY_FORMS.endOthers, {
    done: { title: 'Other sessions ended', description: 'Only this device is signed in now.' },
    onDone: () => void refresh(),
  });
  const ended = useDone(SECURITY_FORMS.endSession);
  const others = sessions.filter((session) => !session.current).length;
  return (
    <section aria-labelledby="sessions-heading" className={sectionClass}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sessions-heading" className="text-2xl font-bold">
            Signed-in devices
          </h2>
          <p className="mt-1 max-w-prose text-sm text-muted-foreground">
            Every browser signed in to your account. End any you do not recognise; it is signed out at its
            next click.
          </p>
        </div>
        {others > 0 && (
          <PageForm form={endOthers}>
            <Button type="submit" variant="outline" pending={endOthers.pending} pendingText="Ending...">
              End all other sessions
            </Button>
            <FormNotice className="mt-2" answer={endOthers.answer} />
          </PageForm>
        )}
      </div>
      {endOthers.done && !endOthers.answer && (
        <DoneNotice className="mt-4" title="Other sessions ended" text="Only this device is signed in now." />
      )}
      {ended && <DoneNotice className="mt-4" title="Session ended" text="That device is signed out." />}
      <ul aria-label="Sessions" className="mt-4 divide-y divide-border rounded-md border border-border">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium">
                {session.device}
                {session.current && (
                  <span className="ml-2 rounded-full bg-primary px-2 py-0.5 text-xs font-normal text-primary-foreground">
                    This device
                  </span>
                )}
              </p>
              <p className="text-muted-foreground">
                {METHODS[session.method] ?? session.method}
                {session.ip ? ` · ${session.ip}` : ''} · signed in <When iso={session.createdAt} /> · last
                seen <When iso={session.lastSeenAt} />
              </p>
            </div>
            {!session.current && <EndSession session={session} action={action} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A device's 'End': a form of its row, posted to the page with the page's code or without it. */
function EndSession({ session, action }: { session: Overview['sessions'][number]; action: string }) {
  const timeZone = useTimeZone();
  const form = useRowForm(SECURITY_FORMS.endSession, session.id, () => ({
    title: 'Session ended',
    description: `${session.device} is signed out.`,
  }));
  const label = `End the session on ${session.device} last seen ${dateAndTime(session.lastSeenAt, timeZone)}`;
  return (
    <RowForm form={form} id={session.id} label={label} action={action}>
      <Button
        type="submit"
        size="sm"
        variant="destructive"
        pending={form.pending}
        pendingText="Ending..."
        aria-label={label}
      >
        End
      </Button>
      <FormNotice answer={form.answer} />
    </RowForm>
  );
}
