/**
 * Writing an issue: a draft (subject and Markdown), its preview in the real email layout, a test
 * to the owner's own address, then one send to everyone on the list. Every button posts to the
 * page without its code (ADR 013), the test and the send with the editor's fields (the server
 * refuses a draft not saved); with the code the same calls go from here.
 */
import { type MouseEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DRAFT_DELETED_ELSEWHERE, DRAFT_SENT_ELSEWHERE } from '../../../common/edit-messages.ts';
import type { NewsletterOverview } from '../../../common/schemas/newsletter.ts';
import { dashboardPaths } from '../../lib/admin-paths.ts';
import { BasedOn, goneSince, savedOverSince, useEditBase, useGoneSince } from '../../lib/edit-version.tsx';
import { FORM_FIELD, useDone, useFormAnswer, usePageAction } from '../../lib/form-post.ts';
import { type RouteFormState, useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { AlertNotice, DoneNotice, FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { Link } from '../../ui/link.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { useRefreshAdmin } from '../admin/admin-list.tsx';
import { Panel } from '../admin/panel.tsx';
import { newsletterApi } from './api.ts';
import { newsletterOwnerPaths, useOwnerIssue } from './owner-api.ts';
import { ISSUE_PARAM, NEWSLETTER_FORMS } from './owner-forms.ts';

const idOf = (value: string | null) => (/^\d{1,9}$/.test(value ?? '') ? Number(value) : null);

/** The editor's form: the draft's test and send post its fields (what it shows is what is judged). */
const EDITOR_ID = 'issue-editor';

export function IssueEditor({ overview }: { overview: NewsletterOverview }) {
  const [params] = useSearchParams();
  const issueId = idOf(params.get(ISSUE_PARAM));
  const { data: issue } = useOwnerIssue(issueId);
  const draft = issue?.status === 'draft' ? issue : null;
  const drafts = overview.issues.filter((entry) => entry.status === 'draft');
  const readers = overview.counts.confirmed;
  const refresh = useRefreshAdmin();
  const base = useEditBase(draft?.updatedAt, draft?.id ?? null);
  const save = useRouteForm(NEWSLETTER_FORMS.save, {
    done: { title: 'Draft saved', description: 'The preview below shows it as your readers will see it.' },
    onDone: () => {
      base.moveOn();
      void refresh();
    },
    // Saved elsewhere since it was opened: read again, the next press saves over it. Deleted or
    // sent since: read again, it is gone, and the fields are kept for a new draft.
    onAnswer: (answer) => {
      if (goneSince(answer)) void refresh();
      if (!savedOverSince(answer)) return;
      base.moveOn();
      void refresh();
    },
  });
  const answer = save.answer;
  // What was typed, as a refused post kept it: the save's, or a test's or send's (posted without
  // the page's code, they carry the editor's fields and come back with them).
  const testAnswer = useFormAnswer(NEWSLETTER_FORMS.test);
  const sendAnswer = useFormAnswer(NEWSLETTER_FORMS.send);
  const typed = (answer ?? testAnswer ?? sendAnswer)?.values;
  // Only a draft can be edited: one deleted (read as null) or sent since is gone from the editor.
  const { gone, keep, opened } = useGoneSince(issue === undefined ? undefined : draft, issueId, answer);
  // What the fields show where nothing was typed: the draft, or the one gone since as last read.
  const shown = draft ?? opened;
  const done = {
    saved: useDone(NEWSLETTER_FORMS.save),
    tested: useDone(NEWSLETTER_FORMS.test),
    sent: useDone(NEWSLETTER_FORMS.send),
    discarded: useDone(NEWSLETTER_FORMS.discard),
  };

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
        {/* A new key per draft: the fields start from what that draft holds (one gone since keeps them). */}
        <PageForm
          form={save}
          id={EDITOR_ID}
          key={shown?.id ?? 'new'}
          aria-label={draft ? `Draft: ${draft.subject}` : 'New issue'}
          className="space-y-4"
        >
          {draft ? <input type="hidden" name="id" value={draft.id} /> : null}
          <BasedOn version={base.version} />
          <FormNotice answer={answer} />
          {gone && !(answer && goneSince(answer)) ? <GoneNotice sent={Boolean(issue)} kept={keep} /> : null}
          <Field label="Subject" error={answer?.errors.subject}>
            <Input name="subject" maxLength={150} defaultValue={typed?.subject ?? shown?.subject ?? ''} />
          </Field>
          <Field
            label="Body"
            hint="Markdown: **bold**, [a link](https://example.com), images from your uploads."
            error={answer?.errors.body}
          >
            <Textarea name="body" rows={10} defaultValue={typed?.body ?? shown?.body ?? ''} />
          </Field>
          <Button type="submit" pending={save.pending} pendingText="Saving...">
            Save draft
          </Button>
        </PageForm>
        {draft ? (
          <DraftActions
            // A save starts the draft's buttons afresh: what they said was about the version before.
            key={draft.updatedAt}
            id={draft.id}
            updatedAt={draft.updatedAt}
            readers={readers}
          />
        ) : null}
      </div>
    </Panel>
  );
}

/**
 * The open draft was found gone by a read rather than by this form's own save (whose answer says
 * so above): deleted or `sent` since. `kept`: the editor had it open, and keeps what was typed for
 * a new draft; otherwise a link to it was followed later, and the form is a new issue's.
 */
function GoneNotice({ sent, kept }: { sent: boolean; kept: boolean }) {
  if (kept) {
    return sent ? (
      <AlertNotice title="Draft sent" message={DRAFT_SENT_ELSEWHERE} />
    ) : (
      <AlertNotice title="Draft deleted" message={DRAFT_DELETED_ELSEWHERE} />
    );
  }
  return sent ? (
    <AlertNotice title="Issue sent already" message="This issue was sent already. Write a new issue here." />
  ) : (
    <AlertNotice title="Draft not found" message="This draft was deleted. Write a new issue here." />
  );
}

function DraftActions({ id, updatedAt, readers }: { id: number; updatedAt: string; readers: number }) {
  const refresh = useRefreshAdmin();
  // A refusal reads the page again too: the draft may have been sent or deleted elsewhere, and
  // the editor then says so and keeps what was typed.
  const test = useRouteForm(NEWSLETTER_FORMS.test, {
    done: { title: 'Test sent to you', description: 'It goes out through the outbox.' },
    onDone: () => void refresh(),
    onAnswer: () => void refresh(),
  });
  const send = useRouteForm(NEWSLETTER_FORMS.send, {
    done: {
      title: 'Issue sent',
      description: `Queued for ${readers} ${readers === 1 ? 'subscriber' : 'subscribers'}.`,
    },
    onDone: () => void refresh(newsletterApi.prefix),
    onAnswer: () => void refresh(),
  });
  const discard = useRouteForm(NEWSLETTER_FORMS.discard, {
    done: { title: 'Draft deleted' },
    onDone: () => void refresh(),
    onAnswer: () => void refresh(),
  });
  // What the last press was answered (with the page's code each form keeps its own last answer).
  const [pressed, setPressed] = useState<string | null>(null);
  const failure = pressed
    ? [test, send, discard].find((form) => form.name === pressed)?.answer
    : (send.answer ?? test.answer ?? discard.answer);
  const busy = test.pending || send.pending || discard.pending;
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
      {/* The test and the send are buttons of the editor (its fields and what they show go with
          them, and the server refuses a draft not saved); the box, too, is the editor's. */}
      <div className="flex flex-wrap items-start gap-4">
        <DraftButton
          state={test}
          busy={busy}
          variant="outline"
          postsEditor
          onPress={setPressed}
          text={['Send a test to me', 'Sending...']}
        />
        <div className="flex flex-col gap-2 rounded-md border border-border p-3">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="confirm"
              form={EDITOR_ID}
              className="h-4 w-4 accent-[var(--primary)]"
            />
            {`I have checked the preview: send it to ${readers} ${readers === 1 ? 'subscriber' : 'subscribers'} now`}
          </label>
          <DraftButton
            state={send}
            busy={busy}
            postsEditor
            onPress={setPressed}
            text={['Send now', 'Sending...']}
          />
        </div>
        <PageForm form={discard} onSubmit={() => setPressed(discard.name)}>
          <input type="hidden" name="id" value={id} />
          <DraftButton state={discard} busy={busy} variant="ghost" text={['Delete draft', 'Deleting...']} />
        </PageForm>
      </div>
    </section>
  );
}

/**
 * A draft's button: off while any of the draft's forms is on its way, its own words while it is.
 * The test's and the send's (`postsEditor`) post the editor's fields as their own form (the
 * button names it): the browser does so without the page's code, the page's code the same way.
 */
function DraftButton({
  state,
  busy,
  variant,
  postsEditor = false,
  onPress,
  text: [label, pendingText],
}: {
  state: RouteFormState;
  busy: boolean;
  variant?: 'outline' | 'ghost';
  postsEditor?: boolean;
  onPress?: (name: string) => void;
  text: [string, string];
}) {
  const action = usePageAction();
  const postEditor = (event: MouseEvent<HTMLButtonElement>) => {
    const { form } = event.currentTarget;
    if (!form) return;
    event.preventDefault();
    onPress?.(state.name);
    const fields = new FormData(form, event.currentTarget);
    fields.set(FORM_FIELD, state.name);
    void state.submit(fields, { method: 'post', action, preventScrollReset: true });
  };
  return (
    <Button
      type="submit"
      variant={variant}
      disabled={busy}
      pending={state.pending}
      pendingText={pendingText}
      {...(postsEditor ? { form: EDITOR_ID, name: FORM_FIELD, value: state.name, onClick: postEditor } : {})}
    >
      {label}
    </Button>
  );
}
