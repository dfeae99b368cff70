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

// The request form and download come with the resume issue.
export default function ResumePage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageHeader title="Request My Resume">
        Requests are collected to track where the resume goes; your information is never shared with third
        parties.
      </PageHeader>
    </div>
  );
}
