/** /newsletter/{slug}: a sent issue as a page of the site, and the sign-up under it. */
import { data } from 'react-router';
import type { PublicIssue } from '../../common/schemas/newsletter.ts';
import { newsletterApi, newsletterPaths } from '../features/newsletter/api.ts';
import { NewsletterSignup } from '../features/newsletter/subscribe-form.tsx';
import { withBaseInHtml } from '../lib/base.ts';
import { longDate } from '../lib/dates.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { Link } from '../ui/link.tsx';
import type { Route } from './+types/newsletter-issue';

export async function loader({ context, params }: Route.LoaderArgs) {
  // No issue has an address this long (the API would refuse it as a bad request).
  if (params.slug.length > 200) return data({ issue: null }, { status: 404 });
  const issue = await context.readApi<PublicIssue>(newsletterApi.issue(params.slug));
  if (!issue) return data({ issue: null }, { status: 404 });
  return { issue };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  const { site } = rootDataOf(matches);
  const issue = loaderData?.issue;
  return pageMeta({
    site,
    title: issue ? issue.subject : 'Issue Not Found',
    description: issue ? `An issue of ${site.ownerName}’s newsletter.` : 'This issue does not exist.',
    path: newsletterPaths.issue(params.slug),
    ...(issue ? {} : { noindex: true, missing: true }),
  });
};

export default function NewsletterIssuePage({ loaderData }: Route.ComponentProps) {
  const { issue } = loaderData;
  if (!issue) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">Issue Not Found</h1>
        <p className="mt-3 text-muted-foreground">This issue does not exist or has not been sent.</p>
        <Link to={newsletterPaths.page} className="mt-6 inline-block text-primary hover:underline">
          Every issue
        </Link>
      </div>
    );
  }
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <p className="text-sm text-muted-foreground">
        <Link to={newsletterPaths.page} className="hover:underline">
          Newsletter
        </Link>{' '}
        · <time dateTime={issue.sentAt}>{longDate(issue.sentAt)}</time>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{issue.subject}</h1>
      <div
        className="prose-content mt-8"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised by the server
        dangerouslySetInnerHTML={{ __html: withBaseInHtml(issue.html) }}
      />
      <NewsletterSignup place="newsletter" className="mt-12" />
    </article>
  );
}
