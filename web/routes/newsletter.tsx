/**
 * /newsletter: what the list sends and how often, the sign-up form (where every sign-up form on
 * the site posts without its code), the answer after it, and the archive of sent issues.
 */

import { ARCHIVE_MAX_PAGE } from '../../common/newsletter.ts';
import type { PublicIssue } from '../../common/schemas/newsletter.ts';
import type { Page } from '../../common/schemas/shared.ts';
import { newsletterApi, newsletterPaths } from '../features/newsletter/api.ts';
import { subscribeForms } from '../features/newsletter/newsletter-forms.server.ts';
import { NEWSLETTER_PROMISE, NewsletterSignup } from '../features/newsletter/subscribe-form.tsx';
import { longDate } from '../lib/dates.ts';
import { formAction } from '../lib/route-form.server.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { Link } from '../ui/link.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/newsletter';

type Archive = Page<Omit<PublicIssue, 'html'>>;

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
  // A page number that is not one of the archive's is its first page.
  const archive = await context.readApi<Archive>(
    newsletterApi.archive(Number.isInteger(page) && page > 0 && page <= ARCHIVE_MAX_PAGE ? page : 1),
  );
  return { archive };
}

/** Every sign-up form of the site, with its page's code or without it (ADR 018). */
export const action = formAction(subscribeForms);

export const meta: Route.MetaFunction = ({ matches }) => {
  const { site } = rootDataOf(matches);
  return pageMeta({
    site,
    title: 'Newsletter',
    description: `New posts from ${site.ownerName} by email, as they are published or once a month, and every issue sent so far.`,
    path: newsletterPaths.page,
  });
};

export default function NewsletterPage({ loaderData }: Route.ComponentProps) {
  const archive = loaderData.archive;
  const more = archive ? archive.page * archive.pageSize < archive.total : false;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageHeader title="Newsletter">{NEWSLETTER_PROMISE}</PageHeader>
      <NewsletterSignup place="newsletter" className="mb-10" />
      <section aria-labelledby="archive-title">
        <h2 id="archive-title" className="text-2xl font-semibold">
          Past issues
        </h2>
        {archive && archive.items.length > 0 ? (
          <ul className="mt-4 divide-y divide-border">
            {archive.items.map((issue) => (
              <li
                key={issue.slug}
                className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between"
              >
                <Link
                  to={newsletterPaths.issue(issue.slug)}
                  className="font-medium text-primary hover:underline"
                >
                  {issue.subject}
                </Link>
                <time dateTime={issue.sentAt} className="text-sm text-muted-foreground">
                  {longDate(issue.sentAt)}
                </time>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-muted-foreground">
            No issue has been sent yet: the first one goes out with the next post.
          </p>
        )}
        {archive && (archive.page > 1 || more) ? (
          <nav aria-label="Past issues pages" className="mt-6 flex justify-between text-sm">
            {archive.page > 1 ? (
              <Link
                to={`${newsletterPaths.page}?page=${archive.page - 1}`}
                className="text-primary hover:underline"
              >
                Newer issues
              </Link>
            ) : (
              <span />
            )}
            {more ? (
              <Link
                to={`${newsletterPaths.page}?page=${archive.page + 1}`}
                className="text-primary hover:underline"
              >
                Older issues
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
