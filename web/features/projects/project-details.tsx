/**
 * One project's page body: its case study and the Live Demo panel, or 'Project Not Found'.
 */

import type { Project } from '../../../common/schemas/project.ts';
import { withBase } from '../../lib/base.ts';
import { paths } from '../../lib/paths.ts';
import { Card } from '../../ui/card.tsx';
import { Link } from '../../ui/link.tsx';
import { Missing } from '../../ui/missing.tsx';
import { Tags } from '../../ui/tags.tsx';
import { DemoPanel } from './demo-panel.tsx';
import { ProjectLinksOut } from './project-link-out.tsx';

function List({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <div>
      <h4 className="font-semibold">{title}</h4>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

export function ProjectNotFound() {
  return (
    <Missing title="Project Not Found" to={paths.section('projects')} back="Back to Projects">
      The project you're looking for doesn't exist.
    </Missing>
  );
}

/** A project's page: image, description, links, case study, Live Demo panel and the details aside. */
export function ProjectDetails({
  project,
  image = project.image,
}: {
  project: Project;
  /** Its picture as the page draws it: a small illustration inlined by the loader (issue 65), else its address. */
  image?: string;
}) {
  const caseStudy = project.synopsis?.caseStudy;
  const category = project.category.charAt(0).toUpperCase() + project.category.slice(1);
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <Link to={paths.section('projects')} className="text-sm font-medium text-primary hover:underline">
        ← Back to Projects
      </Link>
      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <article>
          <img
            src={withBase(image)}
            alt=""
            // The largest thing on the page: fetched first.
            fetchPriority="high"
            width={1280}
            height={720}
            className="aspect-video w-full rounded-lg border border-border bg-muted object-cover"
          />
          <h1 id="project-title" className="mt-8 text-3xl font-bold tracking-tight sm:text-4xl">
            {project.title}
          </h1>
          <div className="mt-4">
            <Tags tags={project.tags} />
          </div>
          <p className="mt-6 text-lg text-muted-foreground">{project.description}</p>
          <p className="mt-4 leading-7">{project.details}</p>
          <ProjectLinksOut
            project={project}
            labels={{ code: 'View on GitHub', demo: 'Live Website' }}
            className="mt-6 flex flex-wrap gap-3"
          />

          {project.synopsis && caseStudy && (
            <section
              aria-labelledby="synopsis-heading"
              className="later mt-12 rounded-lg border border-border p-6"
            >
              <h2 id="synopsis-heading" className="text-2xl font-bold">
                Project Synopsis
              </h2>
              <p className="mt-2 text-lg font-medium text-primary">{project.synopsis.tagline}</p>
              <p className="mt-3 text-muted-foreground">{project.synopsis.description}</p>
              <h3 className="mt-8 text-xl font-semibold">Case Study</h3>
              <div className="mt-4 grid gap-6 md:grid-cols-2">
                <div className="md:col-span-2">
                  <h4 className="font-semibold">Problem</h4>
                  <p className="mt-2 text-sm text-muted-foreground">{caseStudy.problem}</p>
                </div>
                <List title="Role" items={caseStudy.role} />
                <List title="Stack" items={caseStudy.stack} />
                <List title="Features" items={caseStudy.features} />
                <div>
                  <h4 className="font-semibold">Current status</h4>
                  <p className="mt-2 text-sm text-muted-foreground">{caseStudy.status}</p>
                </div>
                {caseStudy.nextSteps.length > 0 && <List title="Next steps" items={caseStudy.nextSteps} />}
              </div>
            </section>
          )}

          <DemoPanel project={project} />
        </article>
        <aside>
          <Card className="p-5 lg:sticky lg:top-24">
            <h2 className="font-semibold">Project details</h2>
            <dl className="mt-4 space-y-4 text-sm">
              <div>
                <dt className="text-muted-foreground">Category</dt>
                <dd className="mt-1 font-medium">{category}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Technology Stack</dt>
                <dd className="mt-2 flex flex-wrap gap-1.5">
                  {project.techStack.map((tech) => (
                    <span key={tech} className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium">
                      {tech}
                    </span>
                  ))}
                </dd>
              </div>
            </dl>
          </Card>
        </aside>
      </div>
    </div>
  );
}
