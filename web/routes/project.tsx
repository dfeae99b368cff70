/**
 * /projects/{id}: one of the seven built-in projects; an unknown id answers 404
 * with 'Project Not Found'. The demo panel and case study come with the
 * project-page issue.
 */
import { data, Link } from 'react-router';
import type { Project } from '../../common/schemas/project.ts';
import type { WebLoadContext } from '../../common/web-context.ts';
import { paths } from '../lib/paths.ts';
import { absoluteUrl, pageMeta, personLd, rootDataOf } from '../lib/seo.ts';
import type { Route } from './+types/project';

export async function loader({ context, params }: Route.LoaderArgs) {
  const { readApi } = context as unknown as WebLoadContext;
  const project = await readApi<Project>(`/api/projects/${encodeURIComponent(params.id)}`);
  if (!project) return data({ project: null }, { status: 404 });
  return { project };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const { site } = rootDataOf(matches);
  const project = loaderData?.project;
  if (!project) return pageMeta({ site, title: 'Project Not Found', path: location.pathname, noindex: true });
  const path = paths.project(project.id);
  return pageMeta({
    site,
    title: project.title,
    description: project.description,
    path,
    image: project.image,
    jsonLd: {
      '@type': 'CreativeWork',
      name: project.title,
      description: project.description,
      url: absoluteUrl(site, path),
      image: absoluteUrl(site, project.image),
      keywords: project.tags.join(', '),
      creator: personLd(site),
      ...(project.liveUrl ? { sameAs: project.liveUrl } : {}),
    },
  });
};

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const { project } = loaderData;
  if (!project) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <div role="alert" className="rounded-lg border border-destructive p-6">
          <h1 className="text-2xl font-bold">Project Not Found</h1>
          <p className="mt-2 text-muted-foreground">The project you're looking for doesn't exist.</p>
        </div>
        <Link
          to={paths.section('projects')}
          className="mt-6 inline-block font-medium text-primary hover:underline"
        >
          Back to Projects
        </Link>
      </div>
    );
  }
  return (
    <article className="mx-auto max-w-4xl px-4 py-12">
      <img
        src={project.image}
        alt=""
        className="aspect-video w-full rounded-lg border border-border object-cover"
      />
      <h1 className="mt-8 text-3xl font-bold tracking-tight sm:text-4xl">{project.title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{project.description}</p>
      <p className="mt-4 leading-7">{project.details}</p>
      <Link
        to={paths.section('projects')}
        className="mt-10 inline-block font-medium text-primary hover:underline"
      >
        Back to Projects
      </Link>
    </article>
  );
}
