/**
 * /admin/blog/newsletter: the list at a glance (states, growth, CSV out and in), writing and
 * sending an issue, every sent issue with its counts, and the subscribers themselves.
 */
import { HydrationBoundary } from '@tanstack/react-query';
import { subscriberStates } from '../../common/schemas/newsletter.ts';
import { ADMIN_PAGE_SIZE } from '../features/admin/admin-list.tsx';
import {
  dashboardAction,
  donePage,
  idOf,
  listParams,
  listPath,
  shownOnce,
} from '../features/admin/dashboard-form.server.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { IssueEditor } from '../features/newsletter/issue-editor.tsx';
import { IssueList, NewsletterFigures } from '../features/newsletter/newsletter-overview.tsx';
import { newsletterOwnerPaths, useNewsletterOverview } from '../features/newsletter/owner-api.ts';
import { ISSUE_PARAM, NEWSLETTER_FORMS } from '../features/newsletter/owner-forms.ts';
import { SubscriberList } from '../features/newsletter/subscriber-list.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { failed, isOk, refused } from '../lib/form-action.server.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
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
    ...(Number.isInteger(issue) && issue > 0 ? [newsletterOwnerPaths.issue(issue)] : []),
  ];
  return { dehydrated: await prefetchOwn(context, request, reads) };
}

/** A chosen draft's id, or the problem of a form that names none. */
const draftOf = (fields: Record<string, string>) => {
  const id = idOf(fields.id);
  return Number.isNaN(id) ? null : id;
};
const missing = { problem: 'That draft is not on this page.' } as const;

const forms = dashboardAction({
  [NEWSLETTER_FORMS.save]: {
    failure: { title: 'Not saved', fallback: 'The draft could not be saved. Please try again.' },
    call: (fields) => {
      const id = draftOf(fields);
      const body = { subject: fields.subject ?? '', body: fields.body ?? '' };
      return id === null
        ? { method: 'POST', path: newsletterOwnerPaths.issues, body }
        : { method: 'PUT', path: newsletterOwnerPaths.issue(id), body };
    },
    doneAt: (answer, page) =>
      `${donePage(page, NEWSLETTER_FORMS.save, { [ISSUE_PARAM]: String((answer as { id: number }).id) })}#compose`,
  },
  [NEWSLETTER_FORMS.test]: {
    failure: { title: 'Not sent', fallback: 'The test could not be sent. Please try again.' },
    call: (fields) => {
      const id = draftOf(fields);
      return id === null ? missing : { method: 'POST', path: newsletterOwnerPaths.issueAction(id, 'test') };
    },
    doneAt: (_answer, page) => `${donePage(page, NEWSLETTER_FORMS.test)}#compose`,
  },
  [NEWSLETTER_FORMS.send]: {
    failure: { title: 'Not sent', fallback: 'The issue could not be sent. Please try again.' },
    call: (fields) => {
      const id = draftOf(fields);
      if (id === null) return missing;
      if (fields.confirm !== 'on')
        return { problem: 'Tick the box to say the preview is checked, then send.' };
      return { method: 'POST', path: newsletterOwnerPaths.issueAction(id, 'send') };
    },
    doneAt: (_answer, page) => `${page.pathname}?done=${NEWSLETTER_FORMS.send}#compose`,
  },
  [NEWSLETTER_FORMS.discard]: {
    failure: { title: 'Not deleted', fallback: 'The draft could not be deleted. Please try again.' },
    call: (fields) => {
      const id = draftOf(fields);
      return id === null ? missing : { method: 'DELETE', path: newsletterOwnerPaths.issue(id) };
    },
    doneAt: (_answer, page) => `${page.pathname}?done=${NEWSLETTER_FORMS.discard}#compose`,
  },
  [NEWSLETTER_FORMS.remove]: {
    failure: { title: 'Not deleted', fallback: 'The subscriber could not be deleted. Please try again.' },
    call: (fields) => {
      const id = draftOf(fields);
      return id === null
        ? { problem: 'That subscriber is not on this page.' }
        : { method: 'DELETE', path: newsletterOwnerPaths.subscriber(id) };
    },
  },
});

/** The forms above, and the CSV import without the page's code (multipart, as the browser sent it). */
export async function action(args: Route.ActionArgs) {
  const { context, request } = args;
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) return forms(args);
  const failure = { title: 'Not imported', fallback: 'The file could not be imported.' };
  const posted = await request.formData();
  if (posted.get('_form') !== NEWSLETTER_FORMS.import)
    return refused('', {}, 400, failure.title, failure.fallback);
  const file = posted.get('file');
  if (!(file instanceof File) || file.size === 0) {
    return refused(NEWSLETTER_FORMS.import, {}, 400, failure.title, 'Choose a CSV file first.');
  }
  const upload = new FormData();
  upload.append('file', file, file.name);
  const encoded = new Response(upload);
  const answer = await context.sendApi(
    'POST',
    newsletterOwnerPaths.import,
    new Uint8Array(await encoded.arrayBuffer()),
    encoded.headers.get('content-type') ?? 'multipart/form-data',
  );
  if (!isOk(answer)) return failed(NEWSLETTER_FORMS.import, {}, answer, failure);
  return shownOnce(NEWSLETTER_FORMS.import, {}, { report: answer.body });
}

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
