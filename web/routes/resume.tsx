/**
 * /resume: why the resume is requested rather than linked, and the request form
 * (features/resume).
 */

import { RESUME_REQUEST_PATH, resumeDownloadPath } from '../features/resume/api.ts';
import { Explanation } from '../features/resume/explanation.tsx';
import { ResumeRequest } from '../features/resume/resume-request.tsx';
import { doneAt, failed, formOf, isOk, readFields, refused, send } from '../lib/form-action.server.ts';
import { paths } from '../lib/paths.ts';
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
  const message = (answer.body as { message?: unknown } | null)?.message;
  return {
    served: {
      resumeUrl: null,
      message: typeof message === 'string' ? message : 'Could not retrieve the resume. Please try again.',
    },
  };
}

/** The resume request posted without its code (ADR 013). */
export async function action({ context, request }: Route.ActionArgs) {
  const fields = await readFields(request);
  const failure = {
    title: 'Submission failed',
    fallback: 'There was an error submitting your request. Please try again.',
  };
  if (formOf(fields) !== 'resume')
    return refused(formOf(fields), fields, 400, failure.title, failure.fallback);
  const { name, email, company, purpose, message } = fields;
  const answer = await send(context, RESUME_REQUEST_PATH, { name, email, company, purpose, message });
  const token = (answer.body as { accessToken?: unknown } | null)?.accessToken;
  if (isOk(answer) && typeof token === 'string') {
    return doneAt(`${paths.resume}?${REQUEST_PARAM}=${encodeURIComponent(token)}`);
  }
  return failed('resume', fields, answer, failure);
}

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
