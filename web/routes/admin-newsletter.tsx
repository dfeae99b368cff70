/**
 * /admin/blog/newsletter: the list at a glance (states, growth, CSV out and in), writing and
 * sending an issue, every sent issue with its counts, and the subscribers themselves.
 */
import { HydrationBoundary } from '@tanstack/react-query';
import { newsletterOwnerForms, subscriberStates } from '../../common/schemas/newsletter.ts';
import { z } from '../../common/schemas/zod.ts';
import { ADMIN_PAGE_SIZE } from '../features/admin/admin-list.tsx';
import { listParams, listPath } from '../features/admin/list-params.server.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { IssueEditor } from '../features/newsletter/issue-editor.tsx';
import { IssueList, NewsletterFigures } from '../features/newsletter/newsletter-overview.tsx';
import { newsletterOwnerPaths, useNewsletterOverview } from '../features/newsletter/owner-api.ts';
import { ISSUE_PARAM, NEWSLETTER_FORMS } from '../features/newsletter/owner-forms.ts';
import { SubscriberList } from '../features/newsletter/subscriber-list.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';

import { prefetchOwn } from '../lib/prefetch.ts';
import { donePage, fileUpload, formAction, routeForm } from '../lib/route-form.server.ts';
import { Spinner } from '../ui/spinner.tsx';
import type { Route } from './+types/admin-newsletter';

export async function loader({ context, request }: Route.LoaderArgs) {
  const list = listParams(request);
  const q = list.raw('q')?.trim();
  const issue = Number(list.raw(ISSUE_PARAM));
  const reads = [
    newsletterOwnerPaths.overview,
    listPath(newsletterOwnerPaths.subscribers, {
      status: list.pick('status', subscriberStates, 'all'),
      q: q || undefined,
      page: list.page(),
      pageSize: ADMIN_PAGE_SIZE,
    }),
  ];
  const draft = Number.isInteger(issue) && issue > 0 ? [newsletterOwnerPaths.issue(issue)] : [];
  // A draft deleted since is read as null (as the editor's query gives it): the editor says so.
  return { dehydrated: await prefetchOwn(context, request, [...reads, ...draft], { mayBeGone: draft }) };
}

const atCompose = (page: URL, form: string, extra: Record<string, string> = {}) =>
  `${donePage(page, form, extra)}#compose`;

/**
 * The draft as the editor showed it when its test or send was pressed (the editor's fields come
 * with either): the API refuses one that is not the saved draft.
 */
const shownDraft = ({ subject, body }: { subject?: string | undefined; body?: string | undefined }) =>
  subject === undefined || body === undefined ? undefined : { subject, body };

/** Writing, testing, sending and deleting an issue, a subscriber deleted, a CSV imported (ADR 018). */
export const action = formAction({
  [NEWSLETTER_FORMS.save]: routeForm({
    schema: newsletterOwnerForms.save,
    failure: { title: 'Not saved', fallback: 'The draft could not be saved. Please try again.' },
    call: ({ id, basedOn, ...draft }) =>
      id === undefined
        ? { method: 'POST', path: newsletterOwnerPaths.issues, body: draft }
        : { method: 'PUT', path: newsletterOwnerPaths.issue(id), body: { ...draft, basedOn } },
    doneAt: (answer, page) =>
      atCompose(page, NEWSLETTER_FORMS.save, { [ISSUE_PARAM]: String((answer as { id: number }).id) }),
  }),
  [NEWSLETTER_FORMS.test]: routeForm({
    schema: newsletterOwnerForms.test,
    failure: { title: 'Not sent', fallback: 'The test could not be sent. Please try again.' },
    call: ({ id, ...shown }) => ({
      method: 'POST',
      path: newsletterOwnerPaths.issueAction(id, 'test'),
      body: shownDraft(shown),
    }),
    doneAt: (_answer, page) => atCompose(page, NEWSLETTER_FORMS.test),
  }),
  [NEWSLETTER_FORMS.send]: routeForm({
    schema: newsletterOwnerForms.send,
    failure: { title: 'Not sent', fallback: 'The issue could not be sent. Please try again.' },
    invalid: (errors) => (errors.confirm ? { title: 'Not sent', message: errors.confirm } : undefined),
    call: ({ id, confirm: _checked, ...shown }) => ({
      method: 'POST',
      path: newsletterOwnerPaths.issueAction(id, 'send'),
      body: shownDraft(shown),
    }),
    doneAt: (_answer, page) => `${page.pathname}?done=${NEWSLETTER_FORMS.send}#compose`,
  }),
  [NEWSLETTER_FORMS.discard]: routeForm({
    schema: newsletterOwnerForms.draft,
    failure: { title: 'Not deleted', fallback: 'The draft could not be deleted. Please try again.' },
    call: ({ id }) => ({ method: 'DELETE', path: newsletterOwnerPaths.issue(id) }),
    doneAt: (_answer, page) => `${page.pathname}?done=${NEWSLETTER_FORMS.discard}#compose`,
  }),
  [NEWSLETTER_FORMS.remove]: routeForm({
    schema: newsletterOwnerForms.subscriber,
    failure: { title: 'Not deleted', fallback: 'The subscriber could not be deleted. Please try again.' },
    call: ({ id }) => ({ method: 'DELETE', path: newsletterOwnerPaths.subscriber(id) }),
  }),
  [NEWSLETTER_FORMS.import]: routeForm({
    schema: z.object({}),
    failure: { title: 'Not imported', fallback: 'The file could not be imported.' },
    call: (_values, { form }) => fileUpload(form, newsletterOwnerPaths.import, 'Choose a CSV file first.'),
    show: (report) => ({ report }),
  }),
});

export const meta: Route.MetaFunction = adminMeta('Newsletter', dashboardPaths.newsletter);

function NewsletterDashboard() {
  const { data: overview, error } = useNewsletterOverview();
  if (error) {
    return (
      <p role="alert" className="text-destructive">
        The newsletter could not be loaded. Please try again later.
      </p>
    );
  }
  if (!overview) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading the newsletter" />
      </div>
    );
  }
  return (
    <div className="space-y-8">
      <NewsletterFigures overview={overview} />
      <IssueEditor overview={overview} />
      <IssueList issues={overview.issues} />
      <SubscriberList />
    </div>
  );
}

export default function AdminNewsletterPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <NewsletterDashboard />
    </HydrationBoundary>
  );
}
