/**
 * /resume: why the resume is requested rather than linked, and the request form
 * (features/resume).
 */
import { Explanation } from '../features/resume/explanation.tsx';
import { ResumeRequest } from '../features/resume/resume-request.tsx';
import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/resume';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { site } = rootDataOf(matches);
  return pageMeta({
    site,
    title: 'Request My Resume',
    description: `Request the resume of ${site.ownerName}, ${site.ownerTitle} in ${site.location}.`,
    path: paths.resume,
  });
};

export default function ResumePage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <PageHeader title="Request My Resume">
        Tell me a little about yourself and the resume is yours to download straight away.
      </PageHeader>
      <div className="grid gap-8 md:grid-cols-[2fr_3fr]">
        <Explanation />
        <ResumeRequest />
      </div>
    </div>
  );
}
