/**
 * A client's private testimonial link (/testimonial/:token): they write a few words with their
 * name, role, company and an optional rating; afterwards the page shows what they sent and
 * whether it is on the site, and lets them change it or withdraw it at any time.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TestimonialInvite } from '../../../common/schemas/testimonials.ts';
import { longDate } from '../../lib/dates.ts';
import { useFormAnswer } from '../../lib/form-post.ts';
import { ApiError, errorMessage } from '../../lib/request.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { BackHome } from '../../ui/back-home.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { ConfirmStep, useConfirmStep } from '../../ui/confirm-step.tsx';
import { Field } from '../../ui/field.tsx';
import { CheckCircle2, LoaderCircle, ShieldCheck } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { Link } from '../../ui/link.tsx';
import { CardForm } from '../../ui/page-form.tsx';
import { StarRating } from '../../ui/star-rating.tsx';
import { Stars } from '../../ui/stars.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { useStaticCopy } from '../layout/static-copy.ts';
import { StaticNotice } from '../layout/static-notice.tsx';
import { TESTIMONIAL_FORM, testimonialRequestPath, useTestimonialInvite, WITHDRAW_FORM } from './api.ts';

const recheck = () =>
  import('../../../common/schemas/testimonials.ts').then((module) => module.testimonialSubmissionSchema);

/** After the testimonial changed: it is read again. */
function useRefreshInvite(token: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [testimonialRequestPath(token)] });
}

/** What the page is asked to show: `?change=edit|withdraw` (links, so they work without the code). */
export const CHANGE_PARAM = 'change';

export function TestimonialPage({
  token,
  initial = null,
}: {
  token: string;
  initial?: TestimonialInvite | null;
}) {
  const staticCopy = useStaticCopy();
  // Read on the server as the visitor, so the page is whole in its HTML.
  const invite = useTestimonialInvite(token, !staticCopy, initial);
  const [params] = useSearchParams();
  // A refused change comes back to the form, with what was typed.
  const refused = useFormAnswer(TESTIMONIAL_FORM) !== undefined;
  const editing = params.get(CHANGE_PARAM) === 'edit' || refused;
  const confirming = params.get(CHANGE_PARAM) === 'withdraw';

  if (staticCopy) return <StaticNotice feature="Writing a testimonial" />;
  if (invite.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <LoaderCircle className="h-4 w-4 animate-spin" /> Loading...
      </p>
    );
  }
  if (invite.isError) {
    const missing = invite.error instanceof ApiError && invite.error.status === 404;
    return (
      <Card className="p-6">
        <h2 className="text-xl font-semibold">{missing ? 'Link not found' : 'Something went wrong'}</h2>
        <p className="mt-2 text-muted-foreground">
          {errorMessage(invite.error) ?? 'The page could not be loaded. Please try again.'}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          {!missing && (
            <Button variant="outline" onClick={() => void invite.refetch()}>
              Try again
            </Button>
          )}
          <BackHome />
        </div>
      </Card>
    );
  }
  const data = invite.data;
  const sent = data.status === 'submitted' || data.status === 'approved';
  if (sent && !editing) return <Sent invite={data} token={token} confirming={confirming} />;
  return (
    <>
      {data.status === 'withdrawn' && (
        <p role="status" className="mb-6 rounded-lg border border-border bg-muted/40 p-4 text-sm">
          You withdrew your testimonial: it is no longer on the site. You can write it again below if you
          change your mind.
        </p>
      )}
      <TestimonialForm invite={data} token={token} />
    </>
  );
}

function TestimonialForm({ invite, token }: { invite: TestimonialInvite; token: string }) {
  const testimonial = useRouteForm(TESTIMONIAL_FORM, {
    empty: {
      name: invite.name ?? invite.clientName,
      role: invite.role ?? '',
      company: invite.company ?? '',
      quote: invite.quote ?? '',
    },
    recheck,
    keepTyped: `testimonial:${token}`,
    onDone: useRefreshInvite(token),
  });
  const { field, errorOf } = testimonial;
  const kept = testimonial.answer ? testimonial.answer.values.rating : invite.rating;
  const [rating, setRating] = useState<number | null>(() => (kept ? Number(kept) : null));
  return (
    <CardForm
      preventScrollReset={false}
      form={testimonial}
      action={`/testimonial/${encodeURIComponent(token)}`}
      heading="Your testimonial"
      headingId="testimonial-form-title"
    >
      <p className="text-sm text-muted-foreground">
        It appears on the site with your name, role and company once {invite.ownerName} approves it. You can
        change or withdraw it at any time through this same link.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errorOf('name')}>
          <Input autoComplete="name" {...field('name')} />
        </Field>
        <Field label="Role (optional)" error={errorOf('role')} hint="For example: Owner">
          <Input autoComplete="organization-title" {...field('role')} />
        </Field>
        <Field label="Company (optional)" error={errorOf('company')}>
          <Input autoComplete="organization" {...field('company')} />
        </Field>
      </div>
      <Field label="Testimonial" error={errorOf('quote')} hint="What was the work, and how did it go?">
        <Textarea rows={5} {...field('quote')} />
      </Field>
      <div className="flex flex-wrap items-end gap-3">
        <StarRating name="rating" legend="Rating (optional)" value={rating ?? 0} onChange={setRating} />
        {rating ? (
          <Button type="button" variant="link" size="sm" onClick={() => setRating(null)}>
            No rating
          </Button>
        ) : null}
      </div>
      {errorOf('rating') && <p className="text-sm font-medium text-destructive">{errorOf('rating')}</p>}
      <Button type="submit" pending={testimonial.pending} pendingText="Sending...">
        Send testimonial
      </Button>
    </CardForm>
  );
}

function Sent({
  invite,
  token,
  confirming,
}: {
  invite: TestimonialInvite;
  token: string;
  /** Asked to withdraw it (`?change=withdraw`): the confirmation shows. */
  confirming: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const refresh = useRefreshInvite(token);
  const withdraw = useConfirmStep(WITHDRAW_FORM, {
    done: { title: 'Testimonial withdrawn', description: 'It is no longer on the site.' },
    onDone: refresh,
  });
  useEffect(() => heading.current?.focus(), []);
  const roleLine = [invite.role, invite.company].filter(Boolean).join(', ');
  return (
    <Card className="p-6">
      <CheckCircle2 className="h-10 w-10 text-primary" />
      <h2 ref={heading} tabIndex={-1} className="mt-3 text-2xl font-bold outline-none">
        Thank you!
      </h2>
      <p className="mt-2 text-muted-foreground" role="status">
        {invite.status === 'approved'
          ? 'Your testimonial is on the site, marked as from a verified client.'
          : `Your testimonial was sent. It appears on the site once ${invite.ownerName} approves it.`}
      </p>
      <figure className="mt-6 rounded-lg border border-border bg-muted/40 p-4">
        {invite.rating !== null && <Stars rating={invite.rating} />}
        <blockquote className="mt-2 whitespace-pre-line break-words leading-7">{invite.quote}</blockquote>
        <figcaption className="mt-3 text-sm">
          <span className="font-semibold">{invite.name}</span>
          {roleLine && <span className="text-muted-foreground"> · {roleLine}</span>}
          {invite.submittedAt && (
            <span className="block text-xs text-muted-foreground">
              <ShieldCheck className="mr-1 inline h-3.5 w-3.5" />
              Sent {longDate(invite.submittedAt)}
            </span>
          )}
        </figcaption>
      </figure>
      {confirming ? (
        <ConfirmStep
          step={withdraw}
          question="Withdraw your testimonial? It leaves the site at once."
          confirm={['Yes, withdraw it', 'Withdrawing...']}
          className="mt-6"
        />
      ) : (
        <div className="mt-6 flex flex-wrap gap-3">
          <Button asChild variant="outline">
            <Link to={`?${CHANGE_PARAM}=edit`} preventScrollReset>
              Change it
            </Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to={`?${CHANGE_PARAM}=withdraw`} preventScrollReset>
              Withdraw it
            </Link>
          </Button>
        </div>
      )}
    </Card>
  );
}
