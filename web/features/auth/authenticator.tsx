/** The owner's authenticator app: set it up (QR code and key), confirm with a code, new recovery codes, turn it off. */
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { SecurityOverview as Overview } from '../../../common/schemas/auth.ts';
import { useDone, useFormAnswer, usePageAction } from '../../lib/form-post.ts';
import { useSiteInfo } from '../../lib/site.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { DoneNotice, FormName, FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { toast } from '../../ui/use-toast.ts';
import { useRefreshAdmin } from '../admin/admin-list.tsx';
import {
  confirmAuthenticator,
  renewRecoveryCodes,
  startAuthenticator,
  turnOffAuthenticator,
} from './security-api.ts';
import { failed, SECURITY_FORMS, type Setup, sectionClass, shownOf } from './security-forms.ts';

export function Authenticator({ state }: { state: Overview['authenticator'] }) {
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
          <Button type="submit" pending={start.isPending} pendingText="Please wait">
            Set up an authenticator app
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
      <Button
        type="submit"
        variant={destructive ? 'destructive' : 'primary'}
        pending={pending}
        pendingText="Checking..."
      >
        {action}
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
