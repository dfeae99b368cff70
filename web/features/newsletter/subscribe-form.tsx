/**
 * The newsletter's sign-up: an address, an optional first name and how often. A real form that
 * posts to /newsletter (ADR 013), so it works before its code arrives and without JavaScript;
 * with its code it sends the same fields to the API and says so in place. The answer is the
 * same whatever the address's state, so nothing is revealed about who is on the list.
 */
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { NewsletterCadence } from '../../../common/newsletter.ts';
import { useFormAnswer } from '../../lib/form-post.ts';
import { leadSource } from '../../lib/lead-source.ts';
import { paths } from '../../lib/paths.ts';
import { ApiError } from '../../lib/request.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { Field } from '../../ui/field.tsx';
import { FormName, FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { useStaticCopy } from '../layout/static-copy.ts';
import { StaticNotice } from '../layout/static-notice.tsx';
import { newsletterPaths, subscribe } from './api.ts';
import { CadenceChoices } from './cadence-choices.tsx';

export const SUBSCRIBE_FORM = 'subscribe';

/** The short form's line: the choice comes with the confirmation. */
const COMPACT_PROMISE = 'Every new post by email, or a monthly roundup: you choose when you confirm.';

/** What the list is, said beside every form. */
export const NEWSLETTER_PROMISE =
  'New posts on web development, electronics repair and car keys, by email: each one as it is published, or one roundup a month. No tracking, and one click to leave.';

export interface SubscribeFormProps {
  /** Where the form is: its answer's source, and its element id. */
  place: 'post' | 'blog' | 'home' | 'footer' | 'newsletter';
  /** The post it is under. */
  slug?: string;
  /** The heading's level where it stands. */
  headingLevel?: 2 | 3;
  /** The address alone (a narrow column, the footer): how often is chosen when confirming. */
  compact?: boolean;
  className?: string;
}

export const subscribeFormId = (place: SubscribeFormProps['place']) => `subscribe-${place}`;

/** Pages with a sign-up of their own, where the footer has none: home, the newsletter's, the dashboard. */
const OWN_FORM = /^\/($|newsletter|admin)/;

/** The footer's short form, where a page has none of its own (decided here, in the lazy chunk). */
export default function SubscribeFormIn(props: SubscribeFormProps) {
  const { pathname } = useLocation();
  if (props.place !== 'footer') return <SubscribeForm {...props} />;
  if (OWN_FORM.test(pathname)) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-8">
      <SubscribeForm {...props} className="md:max-w-xl" />
    </div>
  );
}

function SubscribeForm({ place, slug, headingLevel = 2, compact = false, className }: SubscribeFormProps) {
  const staticCopy = useStaticCopy();
  const id = subscribeFormId(place);
  // A post made without the code comes back to /newsletter, whose own form shows the answer.
  const answer = useFormAnswer(SUBSCRIBE_FORM);
  const kept = place === 'newsletter' ? answer : undefined;
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'sending' }
    | { kind: 'done'; message: string }
    | { kind: 'failed'; message: string; email?: string }
  >({ kind: 'idle' });
  const Heading = `h${headingLevel}` as const;
  const source = place === 'post' && slug ? `post:${slug}` : place;

  // A copy without a server takes no sign-ups: the newsletter's page says so; the short forms step aside.
  if (staticCopy)
    return compact ? null : <StaticNotice feature="Subscribing to the newsletter" className={className} />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const text = (name: string) => String(fields.get(name) ?? '');
    setState({ kind: 'sending' });
    try {
      const { message } = await subscribe({
        email: text('email'),
        name: text('name'),
        cadence: (text('cadence') || 'each') as NewsletterCadence,
        source,
        leadSource: leadSource(),
        website: text('website'),
      });
      setState({ kind: 'done', message });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const body = JSON.parse(error.text || '{}') as { message?: string; errors?: Record<string, string> };
        setState({
          kind: 'failed',
          message: body.message ?? 'Please check the form.',
          ...(body.errors?.email ? { email: body.errors.email } : {}),
        });
      } else {
        setState({
          kind: 'failed',
          message:
            error instanceof ApiError && error.status === 429
              ? error.serverMessage
              : 'Your subscription could not be sent. Please try again.',
        });
      }
    }
  }

  const headingId = `${id}-title`;
  if (state.kind === 'done') {
    return (
      <section
        aria-labelledby={headingId}
        className={cn('rounded-lg border border-border bg-card p-6', className)}
      >
        <Heading id={headingId} className="text-lg font-semibold">
          Check your inbox
        </Heading>
        <p role="status" className="mt-2 text-sm text-muted-foreground">
          {state.message}
        </p>
      </section>
    );
  }
  const emailError = state.kind === 'failed' ? state.email : kept?.errors.email;
  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-lg border border-border bg-card p-6', className)}
    >
      <Heading id={headingId} className="text-lg font-semibold">
        {place === 'newsletter' ? 'Subscribe' : 'Get new posts by email'}
      </Heading>
      {/* The newsletter's own pages say what it is above the form. */}
      {place === 'newsletter' ? null : (
        <p className="mt-1 text-sm text-muted-foreground">{compact ? COMPACT_PROMISE : NEWSLETTER_PROMISE}</p>
      )}
      <form
        id={id}
        method="post"
        action={newsletterPaths.page}
        noValidate
        className="mt-4 space-y-4"
        onSubmit={onSubmit}
      >
        <FormName name={SUBSCRIBE_FORM} />
        <input type="hidden" name="source" value={source} />
        <FormNotice answer={kept} />
        {state.kind === 'failed' && !state.email ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {state.message}
          </p>
        ) : null}
        <div className={compact ? undefined : 'grid gap-4 sm:grid-cols-2'}>
          <Field label="Email" error={emailError}>
            <Input
              type="email"
              name="email"
              autoComplete="email"
              required
              defaultValue={kept?.values.email ?? ''}
            />
          </Field>
          {compact ? null : (
            <Field label="First name (optional)">
              <Input
                name="name"
                autoComplete="given-name"
                maxLength={60}
                defaultValue={kept?.values.name ?? ''}
              />
            </Field>
          )}
        </div>
        {/* The short form asks only for the address: how often is chosen on the confirmation page. */}
        {compact ? null : (
          <fieldset>
            <legend className="text-sm font-medium">How often</legend>
            <CadenceChoices
              chosen={kept?.values.cadence ?? 'each'}
              className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6"
            />
          </fieldset>
        )}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            Website
            <input type="text" name="website" tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button type="submit" pending={state.kind === 'sending'} pendingText="Subscribing...">
            Subscribe
          </Button>
          {/* The short forms stand above the footer's own Privacy Policy link. */}
          {compact ? null : (
            <p className="text-xs text-muted-foreground">
              What is kept, and for how long:{' '}
              <Link to={paths.privacy} className="underline underline-offset-2 hover:text-foreground">
                Privacy Policy
              </Link>
              .
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
