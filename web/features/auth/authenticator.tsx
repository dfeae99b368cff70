/** The owner's authenticator app: set it up (QR code and key), confirm with a code, new recovery codes, turn it off. */
import { useId, useState } from 'react';
import type { SecurityOverview as Overview } from '../../../common/schemas/auth.ts';
import type { FormAnswer } from '../../lib/form-post.ts';
import { type RouteFormState, useRouteForm } from '../../lib/route-form.tsx';
import { useSiteInfo } from '../../lib/site.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { DoneNotice, FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { toast } from '../../ui/use-toast.ts';
import { useRefreshAdmin } from '../admin/admin-list.tsx';
import { SECURITY_FORMS, type Setup, sectionClass, shownOf } from './security-forms.ts';

/**
 * Every step is a form posted to the page's action, with its code or without it (ADR 018): the
 * set-up key and the recovery codes come back in the answer, shown once, never in an address.
 */
export function Authenticator({ state }: { state: Overview['authenticator'] }) {
  const refresh = useRefreshAdmin();
  const start = useRouteForm(SECURITY_FORMS.start);
  const confirm = useRouteForm(SECURITY_FORMS.on, {
    onAnswer: whenShown(
      'Authenticator app on',
      'Signing in with your password now asks for a code.',
      refresh,
    ),
  });
  const renew = useRouteForm(SECURITY_FORMS.codes, {
    onAnswer: whenShown('New recovery codes', 'The old ones no longer work.', refresh),
  });
  const turnOff = useRouteForm(SECURITY_FORMS.off, {
    done: { title: 'Authenticator app off', description: 'Your password alone signs you in again.' },
    onDone: () => void refresh(),
  });
  const setup = shownOf<Setup>(start.answer, 'setup');
  const shownCodes = shownOf<string[]>(confirm.answer, 'codes') ?? shownOf<string[]>(renew.answer, 'codes');
  const [codesSeen, setCodesSeen] = useState<string[] | null>(null);
  const codes = shownCodes && shownCodes !== codesSeen ? shownCodes : null;
  const turnedOff = turnOff.done && !state.enabled;

  return (
    <section aria-labelledby="authenticator-heading" className={sectionClass}>
      <h2 id="authenticator-heading" className="text-2xl font-bold">
        Authenticator app
      </h2>
      <p className="mt-1 max-w-prose text-sm text-muted-foreground">
        A second step after your password: a 6-digit code from an app such as 1Password, Google Authenticator
        or Authy. Passkeys skip it; they are both steps in one.
      </p>
      {turnedOff ? (
        <DoneNotice
          className="mt-4"
          title="Authenticator app off"
          text="Your password alone signs you in again."
        />
      ) : null}
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodesSeen(codes)} />}
      {state.enabled ? (
        <div className="mt-4 space-y-4">
          <p className="text-sm">
            <span className="font-medium">On.</span> {state.recoveryCodesLeft} of 10 recovery codes left.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <CodeForm
              state={renew}
              form={SECURITY_FORMS.codes}
              label="Code for new recovery codes"
              action="New recovery codes"
            />
            <CodeForm
              state={turnOff}
              form={SECURITY_FORMS.off}
              label="Code to turn the app off"
              action="Turn off"
              destructive
            />
          </div>
        </div>
      ) : setup && !codes ? (
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
            <CodeForm state={confirm} form={SECURITY_FORMS.on} label="Code from the app" action="Turn on" />
          </div>
        </div>
      ) : (
        <PageForm form={start} className="mt-4 space-y-3">
          <FormNotice answer={start.answer?.kind === 'done' ? undefined : start.answer} />
          <Button type="submit" pending={start.pending} pendingText="Please wait">
            Set up an authenticator app
          </Button>
        </PageForm>
      )}
    </section>
  );
}

/** A step whose success is shown in the page (the recovery codes): its toast then, and the lists read again. */
function whenShown(title: string, description: string, refresh: () => Promise<unknown>) {
  return (answer: FormAnswer) => {
    if (answer.kind !== 'done') return;
    toast({ title, description });
    void refresh();
  };
}

/** A code field and its button; the field empties after a success, keeps the code after a failure. */
function CodeForm({
  state,
  form,
  label,
  action,
  destructive = false,
}: {
  state: RouteFormState;
  /** The form's name in the page's action. */
  form: string;
  label: string;
  action: string;
  destructive?: boolean;
}) {
  const refused = state.answer?.kind === 'done' ? undefined : state.answer;
  return (
    <PageForm form={state} name={form} className="flex flex-wrap items-end gap-2">
      <div className="w-full">
        <FormNotice answer={refused} />
      </div>
      <div className="w-full sm:w-52">
        <Field label={label} error={state.errorOf('code')}>
          <Input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={40} />
        </Field>
      </div>
      <Button
        type="submit"
        variant={destructive ? 'destructive' : 'primary'}
        pending={state.pending}
        pendingText="Checking..."
      >
        {action}
      </Button>
    </PageForm>
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
