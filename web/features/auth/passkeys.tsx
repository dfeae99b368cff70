/** The owner's passkeys: add one for this device (the browser's prompt), rename, remove. */
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SecurityOverview as Overview } from '../../../common/schemas/auth.ts';
import { useAsking, useDone, useFormAnswer, usePageAction } from '../../lib/form-post.ts';
import { errorMessage } from '../../lib/request.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmStep, useConfirmStep } from '../../ui/confirm-step.tsx';
import { Field } from '../../ui/field.tsx';
import { DoneNotice, FormName, FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { Link } from '../../ui/link.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { toast } from '../../ui/use-toast.ts';
import { When } from '../../ui/when.tsx';
import { useRefreshAdmin } from '../admin/admin-list.tsx';
import { addPasskey } from './security-api.ts';
import { REMOVE_PASSKEY_PARAM, SECURITY_FORMS, sectionClass } from './security-forms.ts';

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

export function Passkeys({ passkeys }: { passkeys: Overview['passkeys'] }) {
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
  const removed = useDone(SECURITY_FORMS.passkeyRemove);
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
      {removed && <DoneNotice className="mt-4" title="Passkey removed" text="It no longer signs you in." />}
      {passkeys.length > 0 ? (
        <ul aria-label="Passkeys" className="mt-4 divide-y divide-border rounded-md border border-border">
          {passkeys.map((key) => (
            <PasskeyRow key={key.id} passkey={key} />
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
          <Button
            type="submit"
            disabled={!name.trim()}
            pending={add.isPending}
            pendingText="Waiting for the passkey..."
          >
            Add a passkey
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

function PasskeyRow({ passkey }: { passkey: Overview['passkeys'][number] }) {
  const refresh = useRefreshAdmin();
  const [params] = useSearchParams();
  const removing = params.get(REMOVE_PASSKEY_PARAM) === String(passkey.id);
  const asking = useAsking(REMOVE_PASSKEY_PARAM, String(passkey.id));
  const remove = useConfirmStep(SECURITY_FORMS.passkeyRemove, {
    id: String(passkey.id),
    done: { title: 'Passkey removed', description: `“${passkey.name}” no longer signs you in.` },
    onDone: () => void refresh(),
  });
  const [name, setName] = useState(passkey.name);
  const rename = useRouteForm(SECURITY_FORMS.passkeyName, {
    key: `${SECURITY_FORMS.passkeyName}-${passkey.id}`,
    match: (answer) => answer.values.id === String(passkey.id),
    done: { title: 'Passkey renamed' },
    onDone: () => {
      setEditing(false);
      void refresh();
    },
  });
  // A refused rename (no code, or the server's refusal) comes back open, with what was typed.
  const [editing, setEditing] = useState(Boolean(rename.answer));
  return (
    <li
      id={`passkey-${passkey.id}`}
      className="flex scroll-mt-4 flex-wrap items-center justify-between gap-3 p-3 text-sm"
    >
      {editing ? (
        <PageForm form={rename} className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="id" value={passkey.id} />
          <FormNotice answer={rename.answer} />
          <div className="w-56">
            <Field label="New name" error={name.trim() ? rename.errorOf('name') : 'Give the passkey a name'}>
              <Input
                name="name"
                value={name}
                maxLength={60}
                onChange={(event) => setName(event.target.value)}
                autoFocus
              />
            </Field>
          </div>
          <Button
            type="submit"
            size="sm"
            disabled={!name.trim()}
            pending={rename.pending}
            pendingText="Saving..."
          >
            Save
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </PageForm>
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
          {/* The question is on the page, at the passkey: a link, so it works without the page's code. */}
          <Button asChild size="sm" variant="destructive">
            <Link
              to={`${asking}#passkey-${passkey.id}`}
              preventScrollReset
              aria-label={`Remove ${passkey.name}`}
            >
              Remove
            </Link>
          </Button>
        </div>
      )}
      {removing && (
        <ConfirmStep
          step={remove}
          param={REMOVE_PASSKEY_PARAM}
          question={`Remove the passkey “${passkey.name}”? It will no longer sign you in.`}
          confirm={['Yes, remove it', 'Removing...']}
          className="w-full"
        />
      )}
    </li>
  );
}
