import type { SecurityOverview as Overview } from '../../../common/schemas/auth.ts';
import { dateAndTime } from '../../lib/dates.ts';
import { useTimeZone } from '../../lib/site.ts';
import { Button } from '../../ui/button.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { When } from '../../ui/when.tsx';
import { useAdminAction } from '../admin/admin-list.tsx';
import { Authenticator } from './authenticator.tsx';
import { Passkeys } from './passkeys.tsx';
import { endOtherSessions, endSession, useSecurityOverview } from './security-api.ts';
import { METHODS, sectionClass } from './security-forms.ts';

export function Security() {
  const overview = useSecurityOverview();
  if (!overview.data) {
    const failed = 'Could not load sign-in and security.';
    return (
      <LoadState
        pending={overview.isPending}
        error={overview.error}
        loading="Loading sign-in and security"
        failed={failed}
      />
    );
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
  const timeZone = useTimeZone();
  const end = useAdminAction(
    (session: Overview['sessions'][number]) => endSession(session.id),
    (session) => ({ title: 'Session ended', description: `${session.device} is signed out.` }),
  );
  const endOthers = useAdminAction(endOtherSessions, () => ({
    title: 'Other sessions ended',
    description: 'Only this device is signed in now.',
  }));
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
          <Button
            type="button"
            variant="outline"
            onClick={() => endOthers.mutate(undefined)}
            pending={endOthers.isPending}
            pendingText="Ending..."
          >
            End all other sessions
          </Button>
        )}
      </div>
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
            {!session.current && (
              <Button
                type="button"
                size="sm"
                variant="destructive"
                disabled={end.isPending}
                onClick={() => end.mutate(session)}
                aria-label={`End the session on ${session.device} last seen ${dateAndTime(session.lastSeenAt, timeZone)}`}
              >
                End
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
