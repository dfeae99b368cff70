/**
 * Verified testimonials, the owner's side: ask a client (optionally about a won quote request)
 * and get their private link, emailed through the outbox when an address is given; approve what
 * they send, take it off the site again, give a fresh link, or delete the request.
 */
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import type { TestimonialStatus } from '../../../common/constants.ts';
import type { AdminTestimonial, TestimonialLink } from '../../../common/schemas/testimonials.ts';
import { useAsking, useDone, usePageAction } from '../../lib/form-post.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmStep, useConfirmStep } from '../../ui/confirm-step.tsx';
import { Field } from '../../ui/field.tsx';
import { DoneNotice, FormNotice } from '../../ui/form-notice.tsx';
import { Copy } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { Link } from '../../ui/link.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { Select } from '../../ui/select.tsx';
import { Stars } from '../../ui/stars.tsx';
import { toast } from '../../ui/use-toast.ts';
import { When } from '../../ui/when.tsx';
import { useRefreshAdmin } from '../admin/admin-list.tsx';
import { EntryCard, Panel, StatusBadge } from '../admin/panel.tsx';
import { RowForm, useRowForm } from '../admin/row-list.tsx';
import { usePipeline } from '../contact/owner-api.ts';
import { TESTIMONIALS_PATH } from '../profile/api.ts';
import { DELETE_TESTIMONIAL_PARAM, TESTIMONIAL_ADMIN_FORMS, useTestimonialRequests } from './api.ts';

const STATUS_LABELS: Record<TestimonialStatus, string> = {
  requested: 'Asked',
  submitted: 'Waiting for your approval',
  approved: 'On the site',
  withdrawn: 'Withdrawn by the client',
};

/** What a row's form that came back to the page without its code did (`?done=<form>`). */
const DONE_TITLES = {
  [TESTIMONIAL_ADMIN_FORMS.approve]: 'Approved',
  [TESTIMONIAL_ADMIN_FORMS.hide]: 'Taken off the site',
  [TESTIMONIAL_ADMIN_FORMS.delete]: 'Deleted',
};

export function TestimonialsAdmin() {
  const { data, error, isLoading } = useTestimonialRequests();
  const approved = useDone(TESTIMONIAL_ADMIN_FORMS.approve);
  const hidden = useDone(TESTIMONIAL_ADMIN_FORMS.hide);
  const deleted = useDone(TESTIMONIAL_ADMIN_FORMS.delete);
  const doneTitle = approved
    ? DONE_TITLES[TESTIMONIAL_ADMIN_FORMS.approve]
    : hidden
      ? DONE_TITLES[TESTIMONIAL_ADMIN_FORMS.hide]
      : deleted
        ? DONE_TITLES[TESTIMONIAL_ADMIN_FORMS.delete]
        : null;
  return (
    <div className="space-y-8">
      <AskForm />
      <Panel
        headingId="testimonials-admin-heading"
        title="Testimonials"
        description="What your clients wrote through their private links, newest request first. Approved ones show on the home page marked 'Verified client'; the three sample ones stay there until the first is approved."
      >
        <div className="mt-4" aria-busy={isLoading}>
          {doneTitle && <DoneNotice className="mb-3" title={doneTitle} />}
          {!data && (
            <LoadState
              pending={isLoading}
              error={error}
              loading="Loading testimonials"
              failed="Could not load the testimonials. Please try again later."
            />
          )}
          {data && data.length === 0 && (
            <p className="py-6 text-muted-foreground">No testimonial asked for yet.</p>
          )}
          {data && data.length > 0 && (
            <ul aria-label="Testimonial requests" className="space-y-3">
              {data.map((testimonial) => (
                <li key={testimonial.id}>
                  <TestimonialEntry testimonial={testimonial} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </Panel>
    </div>
  );
}

/** The private link, once, with a copy button: only its hash is kept, so it cannot be shown again. */
function LinkBox({ result }: { result: TestimonialLink }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(result.link);
      toast({ title: 'Link copied' });
    } catch {
      toast({ title: 'Copy it by hand', description: 'The browser did not allow copying.' });
    }
  };
  return (
    <div role="status" className="mt-4 rounded-md border border-accent bg-accent/10 p-4 text-sm">
      <p className="font-medium">
        {result.emailed
          ? `The link was queued in the outbox to ${result.testimonial.clientEmail}. You can also send it yourself:`
          : `Send this private link to ${result.testimonial.clientName}:`}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded bg-background px-2 py-1 text-xs">
          {result.link}
        </code>
        <Button type="button" size="sm" variant="outline" onClick={() => void copy()}>
          <Copy className="h-4 w-4" /> Copy link
        </Button>
      </div>
      <p className="mt-2 text-xs text-muted-foreground">
        Only a fingerprint of it is kept: copy it now. 'New link' gives a fresh one later.
      </p>
    </div>
  );
}

function AskForm() {
  const formId = useId();
  const refresh = useRefreshAdmin();
  // The new link is shown here (the answer): the list below gains its request.
  const ask = useRouteForm(TESTIMONIAL_ADMIN_FORMS.ask, {
    onAnswer: (answer) => {
      if (answer.kind === 'done') void refresh();
    },
  });
  const sent =
    ask.answer?.kind === 'done' ? (ask.answer.extra?.link as TestimonialLink | undefined) : undefined;
  const [params] = useSearchParams();
  const pipeline = usePipeline();
  const won = pipeline.data?.columns.find((column) => column.stage === 'won')?.quotes ?? [];
  const askedFor = Number(params.get('quote')) || null;
  const fromQuote = won.find((quote) => quote.id === askedFor);
  // What a refused post kept, else the won request the address names.
  const refused = ask.answer && ask.answer.kind !== 'done' ? ask.answer : undefined;
  const start = refused
    ? {
        clientName: refused.values.clientName ?? '',
        email: refused.values.email ?? '',
        quoteId: refused.values.quoteId ?? '',
      }
    : {
        clientName: fromQuote?.name ?? '',
        email: fromQuote?.email ?? '',
        quoteId: fromQuote ? String(fromQuote.id) : '',
      };
  const quoteOptions = Object.fromEntries(
    won.map((quote) => [String(quote.id), `${quote.name}${quote.company ? ` (${quote.company})` : ''}`]),
  );
  return (
    <section
      aria-labelledby={`${formId}-heading`}
      className="rounded-lg border border-border bg-card p-4 sm:p-6"
    >
      <h2 id={`${formId}-heading`} className="text-2xl font-bold">
        Ask a client
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        The client gets a private link to write a few words, change them or withdraw them later.
      </p>
      <FormNotice answer={ask.answer} className="mt-4" />
      <PageForm
        form={ask}
        // The won request the address names arrives with the board: the fields start from it then.
        key={`${fromQuote?.id ?? 'none'}-${won.length}`}
        className="mt-4 grid gap-4 sm:grid-cols-3 sm:items-start"
      >
        <Field label="Client name" error={ask.errorOf('clientName')}>
          <Input name="clientName" defaultValue={start.clientName} />
        </Field>
        <Field
          label="Client email (optional)"
          error={ask.errorOf('email')}
          hint="The link is emailed through the outbox."
        >
          <Input name="email" type="email" defaultValue={start.email} />
        </Field>
        <Field label="Won quote request (optional)" error={ask.errorOf('quoteId')}>
          <Select
            name="quoteId"
            options={quoteOptions}
            placeholder={won.length === 0 ? 'No won requests yet' : 'None'}
            defaultValue={start.quoteId}
          />
        </Field>
        <div className="sm:col-span-3">
          <Button type="submit" pending={ask.pending} pendingText="Creating link...">
            Create link
          </Button>
        </div>
      </PageForm>
      {sent && <LinkBox result={sent} />}
    </section>
  );
}

/** 'New link': a form of its own per testimonial, whose answer (the link) is shown once, beside it. */
function NewLinkForm({ testimonial, disabled }: { testimonial: AdminTestimonial; disabled: boolean }) {
  const link = useRouteForm(TESTIMONIAL_ADMIN_FORMS.newLink, {
    key: `${TESTIMONIAL_ADMIN_FORMS.newLink}-${testimonial.id}`,
    match: (answer) => answer.values.id === String(testimonial.id),
  });
  const made =
    link.answer?.kind === 'done' ? (link.answer.extra?.link as TestimonialLink | undefined) : undefined;
  return (
    <>
      <PageForm form={link} className="contents">
        <input type="hidden" name="id" value={testimonial.id} />
        <Button
          type="submit"
          size="sm"
          variant="outline"
          disabled={disabled}
          pending={link.pending}
          pendingText="Making a link..."
        >
          New link
        </Button>
      </PageForm>
      {made && (
        <div className="basis-full">
          <LinkBox result={made} />
        </div>
      )}
    </>
  );
}

/** What a sent testimonial's status button does: approve one waiting, take one off the site. */
const STATUS_FORMS = {
  submitted: {
    form: TESTIMONIAL_ADMIN_FORMS.approve,
    label: 'Approve',
    pendingText: 'Approving...',
    done: { title: 'Approved', description: 'It shows on the home page now.' },
  },
  approved: {
    form: TESTIMONIAL_ADMIN_FORMS.hide,
    label: 'Take off the site',
    pendingText: 'Taking off...',
    done: { title: 'Taken off the site', description: 'It waits for your approval again.' },
    variant: 'outline',
  },
} as const;

/** 'Approve' or 'Take off the site': a form of the row, posted to the page (ADR 018). */
function StatusForm({
  testimonial,
  form,
  label,
  pendingText,
  done,
  variant,
}: {
  testimonial: AdminTestimonial;
  form: string;
  label: string;
  pendingText: string;
  done: { title: string; description: string };
  variant?: 'outline';
}) {
  const action = usePageAction();
  const row = useRowForm(form, testimonial.id, () => done, [TESTIMONIALS_PATH]);
  return (
    <RowForm
      form={row}
      id={testimonial.id}
      label={`${label}: ${testimonial.clientName}`}
      action={action}
      className="contents"
    >
      <Button type="submit" size="sm" variant={variant} pending={row.pending} pendingText={pendingText}>
        {label}
      </Button>
      <FormNotice answer={row.answer} className="basis-full" />
    </RowForm>
  );
}

function TestimonialEntry({ testimonial }: { testimonial: AdminTestimonial }) {
  const [params] = useSearchParams();
  const asking = useAsking(DELETE_TESTIMONIAL_PARAM, String(testimonial.id));
  const refresh = useRefreshAdmin();
  const deleting = params.get(DELETE_TESTIMONIAL_PARAM) === String(testimonial.id);
  const remove = useConfirmStep(TESTIMONIAL_ADMIN_FORMS.delete, {
    id: String(testimonial.id),
    done: { title: 'Deleted', description: `The request to ${testimonial.clientName} is gone.` },
    onDone: () => void refresh(TESTIMONIALS_PATH),
  });
  const roleLine = [testimonial.role, testimonial.company].filter(Boolean).join(', ');
  return (
    <EntryCard
      id={`testimonial-${testimonial.id}`}
      label={`Testimonial from ${testimonial.clientName}`}
      heading={testimonial.clientName}
      lines={
        <p className="text-muted-foreground">
          Asked <When iso={testimonial.createdAt} />
          {testimonial.clientEmail ? ` · ${testimonial.clientEmail}` : ''}
          {testimonial.quoteName ? ` · about the quote request from ${testimonial.quoteName}` : ''}
        </p>
      }
      badge={
        <StatusBadge
          tone={
            testimonial.status === 'submitted'
              ? 'notice'
              : testimonial.status === 'approved'
                ? 'good'
                : 'quiet'
          }
        >
          {STATUS_LABELS[testimonial.status]}
        </StatusBadge>
      }
    >
      {testimonial.quote && testimonial.status !== 'withdrawn' && (
        <figure className="mt-3 rounded-md bg-muted/40 p-3">
          {testimonial.rating !== null && <Stars rating={testimonial.rating} />}
          <blockquote className="mt-1 whitespace-pre-line break-words">{testimonial.quote}</blockquote>
          <figcaption className="mt-2 text-xs text-muted-foreground">
            {testimonial.name}
            {roleLine ? ` · ${roleLine}` : ''}
            {testimonial.submittedAt && (
              <>
                {' · sent '}
                <When iso={testimonial.submittedAt} />
              </>
            )}
          </figcaption>
        </figure>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {(testimonial.status === 'submitted' || testimonial.status === 'approved') && (
          <StatusForm testimonial={testimonial} {...STATUS_FORMS[testimonial.status]} />
        )}
        <NewLinkForm testimonial={testimonial} disabled={deleting} />
        {!deleting && (
          <Button asChild size="sm" variant="ghost">
            {/* The question is on the page, at the request: a link, so it works without the page's code. */}
            <Link to={`${asking}#testimonial-${testimonial.id}`} preventScrollReset>
              Delete
            </Link>
          </Button>
        )}
      </div>
      {deleting && (
        <ConfirmStep
          step={remove}
          param={DELETE_TESTIMONIAL_PARAM}
          question={`Delete the request to ${testimonial.clientName}? Their link stops working, and this cannot be undone.`}
          confirm={['Yes, delete', 'Deleting...']}
          className="mt-3"
        />
      )}
    </EntryCard>
  );
}
