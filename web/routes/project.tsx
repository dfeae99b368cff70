import { data } from 'react-router';
import type { Project } from '../../common/schemas/project.ts';
import { projectPath, useProject } from '../features/projects/api.ts';
import { ProjectDetails, ProjectNotFound } from '../features/projects/project-details.tsx';
import { paths } from '../lib/paths.ts';
import { absoluteUrl, firstPaintUntil, pageMeta, personLd, rootDataOf } from '../lib/seo.ts';
import type { Route } from './+types/project';

export async function loader({ context, params }: Route.LoaderArgs) {
  const { readApi, inlineImage } = context;
  const project = await readApi<Project>(projectPath(params.id));
  if (!project) return data({ project: null, image: null }, { status: 404 });
  // The largest paint, carried in the HTML when it is one of the site's small illustrations.
  return { project, image: await inlineImage(project.image) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const { site } = rootDataOf(matches);
  const project = loaderData?.project;
  if (!project) return pageMeta({ site, title: 'Project Not Found', path: location.pathname, missing: true });
  const path = paths.project(project.id);
  return [
    ...pageMeta({
      site,
      title: project.title,
      description: project.description,
      path,
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
    }),
    // The first paint holds the picture: it waits for the title after it.
    firstPaintUntil('project-title'),
  ];
};

/** A visitor's project page is islands (ADR 023): the demo panel, the footer's forms. */
export const handle = { islands: true };

export default function ProjectPage({ loaderData, params }: Route.ComponentProps) {
  const { data: project, isLoading } = useProject(params.id, loaderData.project);
  if (isLoading) {
    return (
      <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-muted-foreground">
        Loading project details...
      </p>
    );
  }
  if (!project) return <ProjectNotFound />;
  const drawn = loaderData.project?.image === project.image ? loaderData.image : null;
  return <ProjectDetails project={project} image={drawn ?? project.image} />;
}
