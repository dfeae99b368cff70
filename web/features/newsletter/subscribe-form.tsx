/**
 * The newsletter's sign-up: an address, an optional first name and how often. A real form that
 * posts to /newsletter (ADR 013), so it works before its code arrives and without JavaScript;
 * with its code it sends the same fields to the API and says so in place. The answer is the
 * same whatever the address's state, so nothing is revealed about who is on the list.
 */
import { Link, useLocation } from 'react-router';
import { SUBSCRIBE_ANSWER } from '../../../common/newsletter.ts';
import { island } from '../../islands/island.tsx';
import { DONE_PARAM } from '../../lib/form-post.ts';
import { paths } from '../../lib/paths.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { Field } from '../../ui/field.tsx';
import { FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { useStaticCopy } from '../layout/static-copy.ts';
import { StaticNotice } from '../layout/static-notice.tsx';
import { newsletterPaths, SUBSCRIBE_FORM } from './api.ts';
import { CadenceChoices } from './cadence-choices.tsx';

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

/**
 * Pages with a sign-up of their own, where the footer has none (two landmarks of one name read as
 * one to a screen reader's list of regions): home, the blog and its posts, the newsletter's, the
 * dashboard.
 */
const OWN_FORM = /^\/($|newsletter|admin|blog($|\/))/;

/** The word a sign-up's success comes back with, on the page it was sent from. */
export const subscribedWord = (place: SubscribeFormProps['place']) => `${SUBSCRIBE_FORM}-${place}`;

/** The footer's short form, where a page has none of its own. */
function SignupPlace(props: SubscribeFormProps) {
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
  const { pathname, search } = useLocation();
  const signup = useRouteForm(SUBSCRIBE_FORM, {
    key: id,
    doneWord: subscribedWord(place),
    // The newsletter's own page shows the answer to a sign-up posted from any page without its code.
    match: (answer) => place === 'newsletter' || answer.values.place === place,
    empty: { cadence: 'each' },
  });
  const Heading = `h${headingLevel}` as const;
  const source = place === 'post' && slug ? `post:${slug}` : place;
  // Back to this page, as it was, once sent.
  const back = new URLSearchParams(search);
  back.delete(DONE_PARAM);
  const here = back.size > 0 ? `${pathname}?${back}` : pathname;

  // A copy without a server takes no sign-ups: the newsletter's page says so; the short forms step aside.
  if (staticCopy)
    return compact ? null : <StaticNotice feature="Subscribing to the newsletter" className={className} />;

  const headingId = `${id}-title`;
  if (signup.done && !signup.answer) {
    return (
      <section
        aria-labelledby={headingId}
        className={cn('rounded-lg border border-border bg-card p-6', className)}
      >
        <Heading id={headingId} className="text-lg font-semibold">
          Check your inbox
        </Heading>
        <p role="status" className="mt-2 text-sm text-muted-foreground">
          {SUBSCRIBE_ANSWER}
        </p>
      </section>
    );
  }
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
      <PageForm form={signup} id={id} action={newsletterPaths.page} className="mt-4 space-y-4">
        <input type="hidden" name="source" value={source} />
        <input type="hidden" name="place" value={place} />
        <input type="hidden" name="back" value={here} />
        <FormNotice answer={signup.answer} />
        <div className={compact ? undefined : 'grid gap-4 sm:grid-cols-2'}>
          <Field label="Email" error={signup.errorOf('email')}>
            <Input type="email" autoComplete="email" required {...signup.field('email')} />
          </Field>
          {compact ? null : (
            <Field label="First name (optional)" error={signup.errorOf('name')}>
              <Input autoComplete="given-name" maxLength={60} {...signup.field('name')} />
            </Field>
          )}
        </div>
        {/* The short form asks only for the address: how often is chosen on the confirmation page. */}
        {compact ? null : (
          <fieldset>
            <legend className="text-sm font-medium">How often</legend>
            <CadenceChoices
              chosen={signup.answer?.values.cadence ?? 'each'}
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
          <Button type="submit" pending={signup.pending} pendingText="Subscribing...">
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
      </PageForm>
    </section>
  );
}

/** The newsletter's sign-up: an island (ADR 023), the page around it needs no code. */
export const NewsletterSignup = island('newsletter-signup', SignupPlace, { start: 'touch' });
export { SignupPlace as NewsletterSignupForm };
