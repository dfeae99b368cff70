import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/generate-images';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: rootDataOf(matches).site,
    title: 'AI Image Generator',
    description: 'Generate images for project backgrounds, blog posts and skill illustrations from a prompt.',
    path: paths.generateImages,
  });

// The generator comes with the AI issue.
export default function GenerateImagesPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <PageHeader title="AI Image Generator">Describe an image and generate it.</PageHeader>
    </div>
  );
}
