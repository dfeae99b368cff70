import { useEffect, useState } from 'react';
import { island } from '../../islands/island.tsx';
import { withBase } from '../../lib/base.ts';
import { paths } from '../../lib/paths.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { CheckCircle2, MessageSquare, Sparkles } from '../../ui/icons.tsx';
import { Link } from '../../ui/link.tsx';
import { Tags } from '../../ui/tags.tsx';
import {
  featuredProject,
  filterProjects,
  PROJECT_FILTERS,
  type ProjectFilter,
  type ProjectSummary,
} from './featured.ts';
import { ProjectCard } from './project-card.tsx';
import { ProjectLinksOut } from './project-link-out.tsx';
import { useReveal } from './use-reveal.ts';

const FADE_MS = 200;

function FeaturedProject({ project }: { project: ProjectSummary }) {
  const { ref, revealed } = useReveal<HTMLElement>(0.3);
  return (
    <article
      ref={ref}
      aria-labelledby="featured-project-title"
      data-revealed={revealed}
      className={cn(
        // The reveal is a rise, never a fade: what is on screen is never transparent (issue 46), a
        // block a quarter in view is read while it waits for the spec's 30 percent.
        'grid overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-transform duration-700 motion-reduce:transition-none md:grid-cols-2',
        revealed ? 'translate-y-0' : 'translate-y-8',
      )}
    >
      {/* The illustration fills its half however tall the text beside it grows (it carries no text
          to crop; its subject sits in the middle). */}
      <div className="relative aspect-video bg-muted md:aspect-auto md:min-h-80">
        <img
          src={withBase(project.image)}
          alt=""
          width={960}
          height={540}
          loading="lazy"
          className="absolute inset-0 h-full w-full object-cover"
        />
      </div>
      <div className="flex flex-col gap-4 p-6 sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">Featured Project</p>
        <h3 id="featured-project-title" className="text-2xl font-bold">
          {project.title}
        </h3>
        <p className="text-muted-foreground">{project.description}</p>
        <Tags tags={project.tags} />
        <ul aria-label="Highlights" className="space-y-2">
          {project.highlights.map((highlight) => (
            <li key={highlight} className="flex gap-2 text-sm">
              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-primary" />
              {highlight}
            </li>
          ))}
        </ul>
        <ProjectLinksOut
          project={project}
          labels={{ demo: 'Try Live Demo', code: 'View Source Code' }}
          className="mt-2 flex flex-wrap gap-3"
        />
      </div>
    </article>
  );
}

/** The filter's field in the page's address (a filter's button sends it without the page's code). */
const FILTER_PARAM = 'projects';

/** The filter a page's address asks for (`?projects=web`), else 'all'. */
export const projectFilterOf = (address: URL): ProjectFilter => {
  const asked = address.searchParams.get(FILTER_PARAM);
  return PROJECT_FILTERS.find((option) => option.value === asked)?.value ?? 'all';
};

/**
 * #projects: filters, the featured block under 'all', the card grid and the two calls to action.
 * The filters are a GET form's buttons: without the page's code the page comes back filtered
 * (`?projects=web#projects`); with it, the grid fades to the choice in place.
 */
function ProjectsWithFilters({
  projects,
  filter: asked,
  staticCopy = false,
}: {
  projects: ProjectSummary[];
  filter: ProjectFilter;
  /**
   * A static copy's host answers every address with the same file: without the code, no filters;
   * with it, the address's filter is applied once the code starts.
   */
  staticCopy?: boolean;
}) {
  const [filter, setFilter] = useState<ProjectFilter>(asked);
  const [shown, setShown] = useState<ProjectFilter>(asked);
  const [fading, setFading] = useState(false);

  // A copy's host sent the same file for `/?projects=web` (a press before the code started): the
  // address's filter, once the code runs.
  useEffect(() => {
    if (staticCopy) setFilter(projectFilterOf(new URL(window.location.href)));
  }, [staticCopy]);

  // Fade the current set out, swap it, fade the new one in.
  useEffect(() => {
    if (filter === shown) return;
    setFading(true);
    const timer = setTimeout(() => {
      setShown(filter);
      setFading(false);
    }, FADE_MS);
    return () => clearTimeout(timer);
  }, [filter, shown]);

  const featured = featuredProject(projects);
  const visible = filterProjects(projects, shown);

  return (
    <section id="projects" aria-labelledby="projects-heading" className="later bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-20">
        <h2 id="projects-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          See My Work in Action
        </h2>
        <p className="mt-3 max-w-2xl text-muted-foreground">
          Live products, client sites and the tools that run my own business.
        </p>
        <form method="get" action="#projects">
          {/* biome-ignore lint/a11y/useSemanticElements: a set of toggle buttons, not a form fieldset */}
          <div
            role="group"
            aria-label="Filter projects"
            className={cn('mt-8 flex flex-wrap gap-2', staticCopy && 'no-scripting:hidden')}
          >
            {PROJECT_FILTERS.map((option) => (
              <Button
                key={option.value}
                type="submit"
                name={FILTER_PARAM}
                value={option.value}
                size="sm"
                variant={filter === option.value ? 'primary' : 'outline'}
                aria-pressed={filter === option.value}
                onClick={(event) => {
                  event.preventDefault();
                  setFilter(option.value);
                }}
              >
                {option.label}
              </Button>
            ))}
          </div>
        </form>
        <div
          data-testid="project-results"
          className={cn(
            'mt-8 space-y-10 transition-opacity motion-reduce:transition-none',
            fading ? 'opacity-0' : 'opacity-100',
          )}
          style={{ transitionDuration: `${FADE_MS}ms` }}
        >
          {shown === 'all' && featured && <FeaturedProject project={featured} />}
          <ul aria-label="Projects" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {visible.map((project) => (
              <li key={project.id}>
                <ProjectCard project={project} />
              </li>
            ))}
          </ul>
        </div>
        <div className="mt-12 flex flex-col items-center gap-4 text-center sm:flex-row sm:justify-center">
          <Button asChild size="lg" variant="outline">
            <Link to={paths.recommendations} data-cta>
              <Sparkles className="h-4 w-4" />
              Get AI Project Recommendations
            </Link>
          </Button>
          <div className="flex flex-col items-center">
            <Button asChild size="lg">
              <a href="#contact" data-cta>
                <MessageSquare className="h-4 w-4" />
                Get a Quote for Your Project
              </a>
            </Button>
            <p className="mt-2 text-sm text-muted-foreground">No commitment, just a friendly conversation</p>
          </div>
        </div>
      </div>
    </section>
  );
}

/** #projects is an island (ADR 023): its filters and the featured project's rise. */
export const ProjectsSection = island('projects', ProjectsWithFilters);
export { ProjectsWithFilters };
