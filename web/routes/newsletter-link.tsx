/**
 * A subscriber's links from their emails: /newsletter/confirm/{token} (the double opt-in) and
 * /newsletter/unsubscribe/{token} (leave, come back, or change how often). Each change is one
 * press of a button, never the opening of the link itself: mail scanners open links, and must
 * neither confirm an address nor take one off the list. Read on the server as the visitor, never
 * cached, kept out of search results; every button is a form that works without JavaScript.
 * A confirmation link works once and leads on to the reader's own page; coming back from that
 * page mails a new confirmation link (server/modules/newsletter/links.ts).
 */
import { Form, useLocation, useNavigation } from 'react-router';
import {
  CADENCE_LABELS,
  NEWSLETTER_CADENCES,
  type NewsletterCadence,
  type SubscriberStatus,
} from '../../common/schemas/newsletter.ts';
import { z } from '../../common/schemas/zod.ts';
import { newsletterApi, newsletterPaths } from '../features/newsletter/api.ts';
import { CadenceChoices } from '../features/newsletter/cadence-choices.tsx';
import { DONE_PARAM, useDone, useFormAnswer } from '../lib/form-post.ts';
import { formAction, routeForm } from '../lib/route-form.server.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { Button } from '../ui/button.tsx';
import { DoneNotice, FormName, FormNotice } from '../ui/form-notice.tsx';
import { Link } from '../ui/link.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/newsletter-link';

interface Subscription {
  email: string;
  status: SubscriberStatus;
  cadence: NewsletterCadence;
}

const FORMS = { confirm: 'confirm', leave: 'unsubscribe', back: 'resubscribe', cadence: 'cadence' } as const;
const isConfirmPage = (url: string) => new URL(url).pathname.startsWith('/newsletter/confirm/');

export async function loader({ context, params }: Route.LoaderArgs) {
  if (context.staticCopy) return { subscription: null };
  const answer = await context.sendApi('GET', newsletterApi.subscription(params.token ?? ''));
  return { subscription: answer.status === 200 ? (answer.body as Subscription) : null };
}

/** Each press, with the page's code or without it (ADR 018): back to this page, saying what it did. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const token = params.token ?? '';
  const page = isConfirmPage(request.url) ? newsletterPaths.confirm(token) : newsletterPaths.manage(token);
  const failure = { title: 'Not changed', fallback: 'Your choice could not be saved. Please try again.' };
  const press = (form: string, path: string) =>
    routeForm({
      schema: z.object({}),
      failure,
      call: () => ({ method: 'POST', path, body: { token } }),
      doneAt: () => `${page}?${DONE_PARAM}=${form}`,
    });
  return formAction({
    // Confirmed: on to the reader's own page (its manage link), the confirmation link being spent.
    [FORMS.confirm]: routeForm({
      schema: z.object({}),
      failure,
      call: () => ({ method: 'POST', path: newsletterApi.confirm, body: { token } }),
      doneAt: (answer) => {
        const manage = (answer as { manage?: unknown }).manage;
        return `${typeof manage === 'string' ? newsletterPaths.manage(manage) : page}?${DONE_PARAM}=${FORMS.confirm}`;
      },
    }),
    [FORMS.leave]: press(FORMS.leave, newsletterApi.unsubscribe),
    [FORMS.back]: press(FORMS.back, newsletterApi.resubscribe),
    [FORMS.cadence]: routeForm({
      schema: z.object({ cadence: z.enum(NEWSLETTER_CADENCES, { error: 'Choose how often' }) }),
      failure,
      call: ({ cadence }) => ({ method: 'POST', path: newsletterApi.cadence, body: { token, cadence } }),
      doneAt: () => `${page}?${DONE_PARAM}=${FORMS.cadence}`,
    }),
  })({ context, request });
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const { site } = rootDataOf(matches);
  const confirming = location.pathname.startsWith('/newsletter/confirm/');
  return pageMeta({
    site,
    title: confirming ? 'Confirm Your Subscription' : 'Your Subscription',
    description: `${site.ownerName}’s newsletter: your subscription.`,
    path: newsletterPaths.page,
    noindex: true,
  });
};

function Press({
  form,
  label,
  pendingText,
  variant,
}: {
  form: string;
  label: string;
  pendingText: string;
  variant?: 'outline';
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formData?.get('_form') === form;
  return (
    <Form method="post" className="inline">
      <FormName name={form} />
      <Button type="submit" pending={pending} pendingText={pendingText} {...(variant ? { variant } : {})}>
        {label}
      </Button>
    </Form>
  );
}

function CadenceChoice({ current }: { current: NewsletterCadence }) {
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formData?.get('_form') === FORMS.cadence;
  return (
    <Form method="post" className="mt-8 rounded-lg border border-border bg-card p-6">
      <FormName name={FORMS.cadence} />
      <fieldset>
        <legend className="font-semibold">How often</legend>
        <CadenceChoices chosen={current} className="mt-3 space-y-2" />
      </fieldset>
      <Button type="submit" variant="outline" className="mt-4" pending={pending} pendingText="Saving...">
        Save my choice
      </Button>
    </Form>
  );
}

export default function NewsletterLinkPage({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const { subscription } = loaderData;
  const confirming = location.pathname.startsWith('/newsletter/confirm/');
  const answers = {
    confirm: useFormAnswer(FORMS.confirm),
    leave: useFormAnswer(FORMS.leave),
    back: useFormAnswer(FORMS.back),
    cadence: useFormAnswer(FORMS.cadence),
  };
  const answer = answers.confirm ?? answers.leave ?? answers.back ?? answers.cadence;
  const done = {
    confirmed: useDone(FORMS.confirm),
    mailed: useDone(FORMS.back),
    left: useDone(FORMS.leave),
    saved: useDone(FORMS.cadence),
  };
  if (!subscription) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16">
        <PageHeader title="Link Not Valid">
          This link was already used or is not valid any more. If you confirmed your subscription, you are on
          the list: every email has a link to your own page. You can also subscribe again on the newsletter
          page.
        </PageHeader>
        <Link to={newsletterPaths.page} className="text-primary hover:underline">
          Go to the newsletter
        </Link>
      </div>
    );
  }
  const on = subscription.status === 'confirmed';
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <PageHeader
        title={
          on
            ? 'You’re Subscribed'
            : subscription.status === 'unsubscribed' && !confirming
              ? 'You’re Unsubscribed'
              : 'Confirm Your Subscription'
        }
      >
        {on
          ? `${subscription.email} gets ${CADENCE_LABELS[subscription.cadence].toLowerCase()}.`
          : subscription.status === 'unsubscribed' && !confirming
            ? `${subscription.email} will get no more emails from this site.`
            : `Press the button to confirm that ${subscription.email} wants ${CADENCE_LABELS[subscription.cadence].toLowerCase()}.`}
      </PageHeader>
      <FormNotice answer={answer} className="mb-6" />
      {done.confirmed && on ? (
        <DoneNotice className="mb-6" title="Subscription confirmed" text="The next one will reach you." />
      ) : null}
      {done.left ? (
        <DoneNotice className="mb-6" title="Unsubscribed" text="Changed your mind? Subscribe again below." />
      ) : null}
      {done.mailed && !on ? (
        <DoneNotice
          className="mb-6"
          title="Check your inbox"
          text={`We sent a new confirmation link to ${subscription.email}. You are back on the list once you press its button.`}
        />
      ) : null}
      {done.saved ? <DoneNotice className="mb-6" title="Choice saved" /> : null}
      <div className="flex flex-wrap items-center gap-4">
        {on ? (
          <Press form={FORMS.leave} label="Unsubscribe" pendingText="Unsubscribing..." variant="outline" />
        ) : subscription.status === 'unsubscribed' && !confirming ? (
          <Press form={FORMS.back} label="Subscribe again" pendingText="Sending..." />
        ) : (
          <Press form={FORMS.confirm} label="Confirm my subscription" pendingText="Confirming..." />
        )}
        <Link to={newsletterPaths.page} className="text-sm text-primary hover:underline">
          Past issues
        </Link>
      </div>
      {on || subscription.status === 'pending' ? <CadenceChoice current={subscription.cadence} /> : null}
    </div>
  );
}
