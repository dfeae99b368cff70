/**
 * Where the owner's few forms that need their code (the Pipeline's row forms, Security, the Markdown
 * import) post when the browser sends one before the page's code has arrived (ADR 013). Those forms work through
 * their code only; posting here keeps whatever they hold out of the address bar, stores nothing,
 * and says so plainly with a way back. The public forms each post to their own page instead.
 */
import { data, Link } from 'react-router';
import { NotFoundContent } from '../features/layout/not-found-content.tsx';
import { EARLY_POST_PATH } from '../lib/early-post.ts';
import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/early-post';

/** The page the form was on, when the browser said and it is one of this site's. */
function backTo(request: Request): string {
  const referer = request.headers.get('referer');
  if (!referer) return paths.adminBlog;
  try {
    const from = new URL(referer);
    const here = new URL(request.url);
    return from.host === here.host && from.pathname !== EARLY_POST_PATH
      ? `${from.pathname}${from.search}`
      : paths.adminBlog;
  } catch {
    return paths.adminBlog;
  }
}

/** Nothing to load: only a post lands here (the address alone shows the not-found page). */
export function loader() {
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  // The fields are not read, only drained: nothing is stored or echoed.
  await request.arrayBuffer();
  return data({ back: backTo(request) }, { status: 409 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: rootDataOf(matches).site,
    title: 'Nothing was sent',
    description: 'The page had not finished loading.',
    path: EARLY_POST_PATH,
    noindex: true,
  });

export default function EarlyPostPage({ actionData }: Route.ComponentProps) {
  if (!actionData) return <NotFoundContent />;
  const back = actionData.back;
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <PageHeader title="Nothing was sent">
        The page had not finished loading when the form was sent, and this form needs the page to be ready.
        Nothing was saved or sent.
      </PageHeader>
      <Link to={back} className="font-medium text-primary underline underline-offset-4">
        Go back and try again
      </Link>
    </div>
  );
}
