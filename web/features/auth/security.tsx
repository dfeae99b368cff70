/**
 * Sign-in & security: the owner's passkeys (added with the browser's own prompt, renamed,
 * removed), the authenticator app (set up from a QR code, with one-time recovery codes shown
 * once; turned off or given new codes with a current code), and every signed-in session with
 * its device and last request, each of which can be ended at once.
 */
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { AuthenticatorSetup, SecurityOverview as Overview } from '../../../common/schemas/auth.ts';
import { type FormAnswer, useDone, useFormAnswer, usePageAction } from '../../lib/form-post.ts';
import { errorMessage } from '../../lib/request.ts';
import { useSiteInfo } from '../../lib/site.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { DoneNotice, FormName, FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { toast } from '../../ui/use-toast.ts';
import { useAdminAction, useRefreshAdmin, When } from '../admin/admin-list.tsx';
import {
  addPasskey,
  confirmAuthenticator,
  endOtherSessions,
  endSession,
  removePasskey,
  renamePasskey,
  renewRecoveryCodes,
  startAuthenticator,
  turnOffAuthenticator,
  useSecurityOverview,
} from './api.ts';

const METHODS: Record<string, string> = {
  password: 'Password',
  code: 'Password and code',
  passkey: 'Passkey',
  github: 'GitHub',
  register: 'Registration',
};

/** The page's forms by name in its action (ADR 013). */
export const SECURITY_FORMS = {
  passkeyName: 'passkey-name',
  passkeyAdd: 'passkey-add',
  start: 'authenticator-start',
  on: 'authenticator-on',
  off: 'authenticator-off',
  codes: 'recovery-codes',
} as const;

type Setup = AuthenticatorSetup;

/** What a post without the code answered with, shown once (a set-up key, recovery codes). */
const shownOf = <T,>(answer: FormAnswer | undefined, key: string) =>
  answer?.kind === 'done' ? (answer.extra?.[key] as T | undefined) : undefined;

const sectionClass = 'rounded-lg border border-border bg-card p-4 sm:p-6';

const failed = (failure: Error) =>
  toast({ title: 'Error', description: errorMessage(failure), variant: 'destructive' });

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

/** A name for a new passkey from what the browser says it runs on. */
function deviceName(): string {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (/iPhone/.test(ua)) return 'iPhone';
  if (/iPad/.test(ua)) return 'iPad';
  if (/Android/.test(ua)) return 'Android phone';
  if (/Macintosh/.test(ua)) return 'Mac';
  if (/Windows/.test(ua)) return 'Windows PC';
  return 'This device';
}

function Passkeys({ passkeys }: { passkeys: Overview['passkeys'] }) {
  const refresh = useRefreshAdmin();
  const [name, setName] = useState(deviceName);
  // The browser's passkey prompt is started by the page's code: known once it runs (the server's
  // page and the first render in the browser agree that it is not there yet).
  const hydrated = useHydrated();
  const supported = hydrated && 'PublicKeyCredential' in window;
  const pageAction = usePageAction();
  const addAnswer = useFormAnswer(SECURITY_FORMS.passkeyAdd);
  const add = useMutation({
    mutationFn: () => addPasskey(name),
    onSuccess: async () => {
      toast({ title: 'Passkey added', description: `“${name}” signs you in from now on.` });
      await refresh();
    },
    onError: (failure) =>
      toast({
        title: 'Passkey not added',
        description:
          failure instanceof Error && failure.name === 'NotAllowedError'
            ? 'The passkey prompt was closed or timed out.'
            : errorMessage(failure),
        variant: 'destructive',
      }),
  });
  const remove = useAdminAction(
    (key: Overview['passkeys'][number]) => removePasskey(key.id),
    (key) => ({ title: 'Passkey removed', description: `“${key.name}” no longer signs you in.` }),
  );
  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) add.mutate();
  };
  return (
    <section aria-labelledby="passkeys-heading" className={sectionClass}>
      <h2 id="passkeys-heading" className="text-2xl font-bold">
        Passkeys
      </h2>
      <p className="mt-1 max-w-prose text-sm text-muted-foreground">
        Sign in with your fingerprint, face or screen lock instead of a password. A passkey works only on this
        site, so it cannot be phished.
      </p>
      {passkeys.length > 0 ? (
        <ul aria-label="Passkeys" className="mt-4 divide-y divide-border rounded-md border border-border">
          {passkeys.map((key) => (
            <PasskeyRow
              key={key.id}
              passkey={key}
              onRemove={() => remove.mutate(key)}
              removing={remove.isPending}
            />
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-muted-foreground">No passkeys yet.</p>
      )}
      <FormNotice answer={addAnswer} className="mt-4" />
      {supported ? (
        <form
          method="post"
          action={pageAction}
          onSubmit={onAdd}
          className="mt-4 flex flex-wrap items-end gap-3"
        >
          <FormName name={SECURITY_FORMS.passkeyAdd} />
          <div className="w-full sm:w-64">
            <Field label="Passkey name" error={name.trim() ? undefined : 'Give the passkey a name'}>
              <Input value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
            </Field>
          </div>
          <Button type="submit" disabled={add.isPending || !name.trim()}>
            {add.isPending ? 'Waiting for the passkey...' : 'Add a passkey'}
          </Button>
        </form>
      ) : !hydrated ? (
        <p className="mt-4 text-sm">Adding a passkey needs the page's JavaScript, which has not run.</p>
      ) : (
        <p className="mt-4 text-sm">
          This browser cannot make passkeys. Try a current Chrome, Safari, Edge or Firefox.
        </p>
      )}
    </section>
  );
}

function PasskeyRow({
  passkey,
  onRemove,
  removing,
}: {
  passkey: Overview['passkeys'][number];
  onRemove: () => void;
  removing: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const pageAction = usePageAction();
  const [name, setName] = useState(passkey.name);
  const rename = useAdminAction(
    () => renamePasskey(passkey.id, name),
    () => ({ title: 'Passkey renamed' }),
  );
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
      {editing ? (
        <form
          method="post"
          action={pageAction}
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) rename.mutate(undefined, { onSuccess: () => setEditing(false) });
          }}
        >
          <FormName name={SECURITY_FORMS.passkeyName} />
          <input type="hidden" name="id" value={passkey.id} />
          <div className="w-56">
            <Field label="New name" error={name.trim() ? undefined : 'Give the passkey a name'}>
              <Input
                name="name"
                value={name}
                maxLength={60}
                onChange={(event) => setName(event.target.value)}
                autoFocus
              />
            </Field>
          </div>
          <Button type="submit" size="sm" disabled={rename.isPending || !name.trim()}>
            {rename.isPending ? 'Saving...' : 'Save'}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="min-w-0">
          <p className="font-medium">
            {passkey.name}
            {passkey.synced && (
              <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs font-normal">Synced</span>
            )}
          </p>
          <p className="text-muted-foreground">
            Added <When iso={passkey.createdAt} /> ·{' '}
            {passkey.lastUsedAt ? (
              <>
                last used <When iso={passkey.lastUsedAt} />
              </>
            ) : (
              'never used yet'
            )}
          </p>
        </div>
      )}
      {!editing && (
        <div className="flex gap-2">
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => setEditing(true)}
            aria-label={`Rename ${passkey.name}`}
          >
            Rename
          </Button>
          <Button
            type="button"
            size="sm"
            variant="destructive"
            disabled={removing}
            aria-label={`Remove ${passkey.name}`}
            onClick={() => {
              if (window.confirm(`Remove the passkey “${passkey.name}”? It will no longer sign you in.`))
                onRemove();
            }}
          >
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

function Authenticator({ state }: { state: Overview['authenticator'] }) {
  const refresh = useRefreshAdmin();
  // Without the code the set-up key and the recovery codes come in the page that answers the post.
  const started = shownOf<Setup>(useFormAnswer(SECURITY_FORMS.start), 'setup');
  const turnedOn = shownOf<string[]>(useFormAnswer(SECURITY_FORMS.on), 'codes');
  const renewed = shownOf<string[]>(useFormAnswer(SECURITY_FORMS.codes), 'codes');
  const turnedOff = useDone(SECURITY_FORMS.off);
  const pageAction = usePageAction();
  const [setup, setSetup] = useState<Setup | null>(started ?? null);
  const [codes, setCodes] = useState<string[] | null>(turnedOn ?? renewed ?? null);
  const start = useMutation({
    mutationFn: startAuthenticator,
    onSuccess: setSetup,
    onError: failed,
  });
  const confirm = useMutation({
    mutationFn: confirmAuthenticator,
    onSuccess: async (recoveryCodes) => {
      setSetup(null);
      setCodes(recoveryCodes);
      toast({
        title: 'Authenticator app on',
        description: 'Signing in with your password now asks for a code.',
      });
      await refresh();
    },
    onError: failed,
  });
  const renew = useMutation({
    mutationFn: renewRecoveryCodes,
    onSuccess: async (recoveryCodes) => {
      setCodes(recoveryCodes);
      toast({ title: 'New recovery codes', description: 'The old ones no longer work.' });
      await refresh();
    },
    onError: failed,
  });
  const turnOff = useMutation({
    mutationFn: turnOffAuthenticator,
    onSuccess: async () => {
      setCodes(null);
      toast({ title: 'Authenticator app off', description: 'Your password alone signs you in again.' });
      await refresh();
    },
    onError: failed,
  });

  return (
    <section aria-labelledby="authenticator-heading" className={sectionClass}>
      <h2 id="authenticator-heading" className="text-2xl font-bold">
        Authenticator app
      </h2>
      <p className="mt-1 max-w-prose text-sm text-muted-foreground">
        A second step after your password: a 6-digit code from an app such as 1Password, Google Authenticator
        or Authy. Passkeys skip it; they are both steps in one.
      </p>
      {turnedOff && !state.enabled ? (
        <DoneNotice
          className="mt-4"
          title="Authenticator app off"
          text="Your password alone signs you in again."
        />
      ) : null}
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      {state.enabled ? (
        <div className="mt-4 space-y-4">
          <p className="text-sm">
            <span className="font-medium">On.</span> {state.recoveryCodesLeft} of 10 recovery codes left.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <CodeForm
              form={SECURITY_FORMS.codes}
              label="Code for new recovery codes"
              action="New recovery codes"
              pending={renew.isPending}
              onCode={(code) => renew.mutateAsync(code)}
            />
            <CodeForm
              form={SECURITY_FORMS.off}
              label="Code to turn the app off"
              action="Turn off"
              destructive
              pending={turnOff.isPending}
              onCode={(code) => turnOff.mutateAsync(code)}
            />
          </div>
        </div>
      ) : setup ? (
        <div className="mt-4 grid gap-6 sm:grid-cols-[auto_1fr]">
          <div
            role="img"
            aria-label="QR code to scan with your authenticator app"
            className="h-48 w-48 rounded-md bg-white p-2 [&>svg]:h-full [&>svg]:w-full"
            // The server draws the code from the otpauth address as plain SVG (no script).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG from our own server, built from the secret
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          <div className="min-w-0 space-y-3 text-sm">
            <p>Scan the code with your authenticator app, or enter this key by hand:</p>
            <p>
              Setup key:{' '}
              <code className="break-all font-mono text-base tracking-wider">
                {setup.secret.match(/.{1,4}/g)?.join(' ')}
              </code>
            </p>
            <p>
              On this phone?{' '}
              <a href={setup.uri} className="font-medium text-primary underline underline-offset-2">
                Open it in your authenticator app
              </a>
            </p>
            <CodeForm
              form={SECURITY_FORMS.on}
              label="Code from the app"
              action="Turn on"
              pending={confirm.isPending}
              onCode={(code) => confirm.mutateAsync(code)}
            />
          </div>
        </div>
      ) : (
        <form
          method="post"
          action={pageAction}
          className="mt-4 space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            start.mutate();
          }}
        >
          <FormName name={SECURITY_FORMS.start} />
          <CodeNotice form={SECURITY_FORMS.on} />
          <Button type="submit" disabled={start.isPending}>
            {start.isPending ? 'Please wait' : 'Set up an authenticator app'}
          </Button>
        </form>
      )}
    </section>
  );
}

/** Why a code posted without the page's code was refused (a wrong or used code). */
function CodeNotice({ form }: { form: string }) {
  const answer = useFormAnswer(form);
  return answer?.kind === 'done' ? null : <FormNotice answer={answer} />;
}

/** A code field and its button; the field empties after a success, keeps the code after a failure. */
function CodeForm({
  form,
  label,
  action,
  pending,
  destructive = false,
  onCode,
}: {
  /** The form's name in the page's action. */
  form: string;
  label: string;
  action: string;
  pending: boolean;
  destructive?: boolean;
  onCode: (code: string) => Promise<unknown>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const pageAction = usePageAction();
  return (
    <form
      method="post"
      action={pageAction}
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!code.trim()) {
          setError('Enter the code from your authenticator app');
          return;
        }
        setError(undefined);
        try {
          await onCode(code.trim());
          setCode('');
        } catch {
          // The toast says why; the code stays to be corrected.
        }
      }}
    >
      <FormName name={form} />
      <div className="w-full">
        <CodeNotice form={form} />
      </div>
      <div className="w-full sm:w-52">
        <Field label={label} error={error}>
          <Input
            name="code"
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={40}
            onChange={(event) => setCode(event.target.value)}
          />
        </Field>
      </div>
      <Button type="submit" variant={destructive ? 'destructive' : 'primary'} disabled={pending}>
        {pending ? 'Checking...' : action}
      </Button>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingId = useId();
  // The site's public address, not the window's: the page may be the server's answer to a post.
  const host = new URL(useSiteInfo().url).host;
  const text = `Recovery codes for ${host}\nEach works once, in place of a code from your app.\n\n${codes.join('\n')}\n`;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 rounded-md border-2 border-primary bg-background p-4"
    >
      <h3 id={headingId} className="font-semibold">
        Save your recovery codes
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Each one signs you in once if you lose your phone. They are shown only now.
      </p>
      <ol
        aria-label="Recovery codes"
        className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(text);
              toast({ title: 'Copied', description: 'The recovery codes are on your clipboard.' });
            } catch {
              toast({
                title: 'Error',
                description: 'Could not copy. Select the codes instead.',
                variant: 'destructive',
              });
            }
          }}
        >
          Copy codes
        </Button>
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="recovery-codes.txt"
          className="inline-flex h-9 items-center rounded-md border border-border px-3 text-sm font-medium hover:bg-muted"
        >
          Download
        </a>
        <Button type="button" size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </section>
  );
}

function Sessions({ sessions }: { sessions: Overview['sessions'] }) {
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
            disabled={endOthers.isPending}
          >
            {endOthers.isPending ? 'Ending...' : 'End all other sessions'}
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
                aria-label={`End the session on ${session.device} last seen ${new Date(session.lastSeenAt).toLocaleString()}`}
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
