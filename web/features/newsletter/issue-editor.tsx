/**
 * Writing an issue: a draft (subject and Markdown), its preview in the real email layout, a test
 * to the owner's own address, then one send to everyone on the list. Every button is a form that
 * posts to the page without its code (ADR 013); with the code the same calls go from here.
 */
import { useMutation } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { NewsletterOverview } from '../../../common/schemas/newsletter.ts';
import { dashboardPaths } from '../../lib/admin-paths.ts';
import { useDone, useFormAnswer } from '../../lib/form-post.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { DoneNotice, FormName, FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { failureToast, toast } from '../../ui/use-toast.ts';
import { useAdminAction, useRefreshAdmin, useUpdateParams } from '../admin/admin-list.tsx';
import { Panel } from '../admin/panel.tsx';
import { newsletterApi } from './api.ts';
import {
  discardIssue,
  newsletterOwnerPaths,
  saveIssue,
  sendIssue,
  testIssue,
  useOwnerIssue,
} from './owner-api.ts';
import { ISSUE_PARAM, NEWSLETTER_FORMS } from './owner-forms.ts';

const idOf = (value: string | null) => (/^\d{1,9}$/.test(value ?? '') ? Number(value) : null);

export function IssueEditor({ overview }: { overview: NewsletterOverview }) {
  const [params] = useSearchParams();
  const update = useUpdateParams();
  const { data: issue } = useOwnerIssue(idOf(params.get(ISSUE_PARAM)));
  const draft = issue?.status === 'draft' ? issue : null;
  const drafts = overview.issues.filter((entry) => entry.status === 'draft');
  const readers = overview.counts.confirmed;
  const answer = useFormAnswer(NEWSLETTER_FORMS.save);
  const refresh = useRefreshAdmin();
  const save = useMutation({
    mutationFn: (fields: { subject: string; body: string }) => saveIssue(draft?.id ?? null, fields),
    onSuccess: async (saved) => {
      toast({ title: 'Draft saved', description: 'The preview below shows it as your readers will see it.' });
      await refresh();
      update({ [ISSUE_PARAM]: String(saved.id) });
    },
    onError: failureToast('Not saved'),
  });
  const done = {
    saved: useDone(NEWSLETTER_FORMS.save),
    tested: useDone(NEWSLETTER_FORMS.test),
    sent: useDone(NEWSLETTER_FORMS.send),
    discarded: useDone(NEWSLETTER_FORMS.discard),
  };

  function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    save.mutate({ subject: String(fields.get('subject') ?? ''), body: String(fields.get('body') ?? '') });
  }

  return (
    <Panel
      headingId="compose-heading"
      title="Write an issue"
      description={`Your own email to everyone on the list (${readers} confirmed), beside the posts they get by themselves. Written in Markdown; check the preview and send yourself a test first.`}
    >
      <div id="compose" className="mt-4 space-y-4">
        {done.saved ? (
          <DoneNotice title="Draft saved" text="The preview below shows it as your readers will see it." />
        ) : null}
        {done.tested ? (
          <DoneNotice
            title="Test sent to you"
            text={
              overview.mailConfigured ? 'Check your inbox.' : 'It waits in the outbox until email is set up.'
            }
          />
        ) : null}
        {done.sent ? (
          <DoneNotice title="Issue sent" text="It is on its way to every confirmed subscriber." />
        ) : null}
        {done.discarded ? <DoneNotice title="Draft deleted" /> : null}
        {drafts.length > 0 ? (
          <nav aria-label="Drafts" className="text-sm">
            <span className="font-medium">Drafts: </span>
            {drafts.map((entry, index) => (
              <span key={entry.id}>
                {index > 0 ? ' · ' : ''}
                <Link
                  to={`${dashboardPaths.newsletter}?${ISSUE_PARAM}=${entry.id}#compose`}
                  aria-current={entry.id === draft?.id ? 'page' : undefined}
                  className="text-primary underline-offset-2 hover:underline aria-[current=page]:font-semibold"
                >
                  {entry.subject}
                </Link>
              </span>
            ))}
            {draft ? (
              <>
                {' · '}
                <Link to={dashboardPaths.newsletter} className="text-primary hover:underline">
                  New issue
                </Link>
              </>
            ) : null}
          </nav>
        ) : null}
        {/* A new key per draft: the fields start from what that draft holds. */}
        <form
          key={draft?.id ?? 'new'}
          method="post"
          aria-label={draft ? `Draft: ${draft.subject}` : 'New issue'}
          className="space-y-4"
          noValidate
          onSubmit={onSave}
        >
          <FormName name={NEWSLETTER_FORMS.save} />
          {draft ? <input type="hidden" name="id" value={draft.id} /> : null}
          <FormNotice answer={answer} />
          <Field label="Subject" error={answer?.errors.subject}>
            <Input
              name="subject"
              maxLength={150}
              defaultValue={answer?.values.subject ?? draft?.subject ?? ''}
            />
          </Field>
          <Field
            label="Body"
            hint="Markdown: **bold**, [a link](https://example.com), images from your uploads."
            error={answer?.errors.body}
          >
            <Textarea name="body" rows={10} defaultValue={answer?.values.body ?? draft?.body ?? ''} />
          </Field>
          <Button type="submit" pending={save.isPending} pendingText="Saving...">
            Save draft
          </Button>
        </form>
        {draft ? <DraftActions id={draft.id} updatedAt={draft.updatedAt} readers={readers} /> : null}
      </div>
    </Panel>
  );
}

function DraftActions({ id, updatedAt, readers }: { id: number; updatedAt: string; readers: number }) {
  const update = useUpdateParams();
  const test = useAdminAction(
    () => testIssue(id),
    () => ({ title: 'Test sent to you', description: 'It goes out through the outbox.' }),
  );
  const send = useAdminAction(
    () => sendIssue(id),
    () => ({
      title: 'Issue sent',
      description: `Queued for ${readers} ${readers === 1 ? 'subscriber' : 'subscribers'}.`,
    }),
    [newsletterApi.prefix],
  );
  const discard = useAdminAction(
    () => discardIssue(id),
    () => ({ title: 'Draft deleted' }),
  );
  const sendAnswer = useFormAnswer(NEWSLETTER_FORMS.send);
  const testAnswer = useFormAnswer(NEWSLETTER_FORMS.test);
  const failure = sendAnswer ?? testAnswer;
  const busy = test.isPending || send.isPending || discard.isPending;
  return (
    <section aria-labelledby="preview-heading" className="space-y-4">
      <h3 id="preview-heading" className="font-semibold">
        Preview
      </h3>
      <iframe
        title="Preview of the email"
        src={`${newsletterOwnerPaths.issueAction(id, 'preview')}?v=${encodeURIComponent(updatedAt)}`}
        className="h-[32rem] w-full rounded-md border border-border bg-white"
      />
      <FormNotice answer={failure} />
      <div className="flex flex-wrap items-start gap-4">
        <DraftForm form={NEWSLETTER_FORMS.test} id={id} run={() => test.mutate(undefined)}>
          <Button
            type="submit"
            variant="outline"
            disabled={busy}
            pending={test.isPending}
            pendingText="Sending..."
          >
            Send a test to me
          </Button>
        </DraftForm>
        <DraftForm
          form={NEWSLETTER_FORMS.send}
          id={id}
          className="flex flex-col gap-2 rounded-md border border-border p-3"
          run={() => send.mutate(undefined, { onSuccess: () => update({ [ISSUE_PARAM]: null }) })}
        >
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="confirm" required className="h-4 w-4 accent-[var(--primary)]" />
            {`I have checked the preview: send it to ${readers} ${readers === 1 ? 'subscriber' : 'subscribers'} now`}
          </label>
          <Button type="submit" disabled={busy} pending={send.isPending} pendingText="Sending...">
            Send now
          </Button>
        </DraftForm>
        <DraftForm
          form={NEWSLETTER_FORMS.discard}
          id={id}
          run={() => discard.mutate(undefined, { onSuccess: () => update({ [ISSUE_PARAM]: null }) })}
        >
          <Button
            type="submit"
            variant="ghost"
            disabled={busy}
            pending={discard.isPending}
            pendingText="Deleting..."
          >
            Delete draft
          </Button>
        </DraftForm>
      </div>
    </section>
  );
}

/** A form about the open draft: posted to the page without the code, `run` from here with it. */
function DraftForm({
  form,
  id,
  run,
  className,
  children,
}: {
  form: string;
  id: number;
  run: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        run();
      }}
    >
      <FormName name={form} />
      <input type="hidden" name="id" value={id} />
      {children}
    </form>
  );
}
