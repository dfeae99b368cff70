/**
 * /resume: why the resume is requested rather than linked, and the request form
 * (features/resume).
 */

import { resumeRequestSchema } from '../../common/schemas/resume.ts';
import { RESUME_FORM, RESUME_REQUEST_PATH, resumeDownloadPath } from '../features/resume/api.ts';
import { Explanation } from '../features/resume/explanation.tsx';
import { ResumeRequest } from '../features/resume/resume-request.tsx';
import { paths } from '../lib/paths.ts';
import { formAction, routeForm } from '../lib/route-form.server.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/resume';

/** Where a resume request sent without the page's code comes back: the request's own token. */
const REQUEST_PARAM = 'request';

/** The download link of the request this page came back from (a post without the page's code). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get(REQUEST_PARAM);
  if (!token || context.staticCopy) return { served: null };
  const answer = await context.sendApi('GET', resumeDownloadPath(token));
  const resumeUrl = (answer.body as { resumeUrl?: unknown } | null)?.resumeUrl;
  if (answer.status === 200 && typeof resumeUrl === 'string') return { served: { resumeUrl } };
  // An unknown link says so (request again); any other failure is the spec's fetch failure.
  const message = (answer.body as { message?: unknown } | null)?.message;
  return {
    served: {
      resumeUrl: null,
      message:
        answer.status === 404 && typeof message === 'string'
          ? message
          : 'Could not retrieve the resume. Please try again.',
    },
  };
}

/** The resume request, with the page's code or without it (ADR 018): back to the request's own page. */
export const action = formAction({
  [RESUME_FORM]: routeForm({
    schema: resumeRequestSchema,
    failure: {
      title: 'Submission failed',
      fallback: 'There was an error submitting your request. Please try again.',
    },
    call: (values) => ({ method: 'POST', path: RESUME_REQUEST_PATH, body: values }),
    doneAt: (answer) =>
      `${paths.resume}?${REQUEST_PARAM}=${encodeURIComponent(String((answer as { accessToken: string }).accessToken))}`,
  }),
});

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const { site } = rootDataOf(matches);
  return pageMeta({
    site,
    title: 'Request My Resume',
    description: `Request the resume of ${site.ownerName}, ${site.ownerTitle} in ${site.location}.`,
    path: paths.resume,
    // A request's own download page is that visitor's alone.
    ...(location.search.includes('request=') ? { noindex: true } : {}),
  });
};

export default function ResumePage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <PageHeader title="Request My Resume">
        Tell me a little about yourself and the resume is yours to download straight away.
      </PageHeader>
      <div className="grid gap-8 md:grid-cols-[2fr_3fr]">
        <Explanation />
        <ResumeRequest served={loaderData.served} />
      </div>
    </div>
  );
}
