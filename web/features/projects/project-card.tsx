import type { ReactNode } from 'react';
import { withBase } from '../../lib/base.ts';
import { CATEGORY_LABELS } from '../../lib/option-labels.ts';
import { paths } from '../../lib/paths.ts';
import { ExternalLink, Star } from '../../ui/icons.tsx';
import { Link } from '../../ui/link.tsx';
import { SocialIcon } from '../../ui/social-icon.tsx';
import { Tags } from '../../ui/tags.tsx';
import { useLinksOut } from '../layout/outbound.ts';
import { isFeaturedTitle, type ProjectSummary } from './featured.ts';

/**
 * One project in the grid: image (leading to the details; with a 'Try Live Demo' overlay on hover
 * when live), badges, text and links.
 */
export function ProjectCard({ project }: { project: ProjectSummary }) {
  const out = useLinksOut();
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-lg border border-border bg-card shadow-sm">
      <div className="relative aspect-video overflow-hidden bg-muted">
        {/* The image leads to the details, as 'View Details' does (one tab stop, so it stays out
            of the keyboard order and the accessibility tree). */}
        <Link to={paths.project(project.id)} tabIndex={-1} aria-hidden="true" className="block h-full w-full">
          <img
            src={withBase(project.image)}
            alt=""
            loading="lazy"
            width={640}
            height={360}
            className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        </Link>
        {/* The 'Try Live Demo' overlay exists only where there is hover: on a touch screen an
            invisible overlay took the tap on the image to the external site. */}
        {project.liveUrl && (
          <a
            href={out.demo(project)}
            target="_blank"
            rel={out.rel}
            className="absolute inset-0 hidden items-center justify-center bg-black/60 text-sm font-semibold text-white opacity-0 transition-opacity group-hover:opacity-100 focus-visible:opacity-100 [@media(hover:hover)]:flex"
          >
            <span className="inline-flex items-center gap-2 rounded-md bg-white/95 px-4 py-2 text-slate-900">
              <ExternalLink className="h-4 w-4" />
              Try Live Demo
              <span className="sr-only">{`of ${project.title} (opens in a new tab)`}</span>
            </span>
          </a>
        )}
        <div className="absolute left-3 top-3 flex gap-2">
          <span className="rounded-full bg-background/95 px-2.5 py-0.5 text-xs font-semibold text-foreground">
            {CATEGORY_LABELS[project.category]}
          </span>
          {isFeaturedTitle(project.title) && (
            <span className="inline-flex items-center gap-1 rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">
              <Star className="h-3 w-3" />
              Featured
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 className="text-lg font-semibold">{project.title}</h3>
        <p className="flex-1 text-sm text-muted-foreground">{project.description}</p>
        <Tags tags={project.tags} />
        <div className="mt-2 flex items-center gap-2">
          <Link
            to={paths.project(project.id)}
            className="mr-auto text-sm font-semibold text-primary underline-offset-4 hover:underline"
          >
            View Details<span className="sr-only">{` of ${project.title}`}</span>
          </Link>
          {project.githubUrl && (
            <IconOut href={out.code(project)} rel={out.rel} label={`${project.title} on GitHub`}>
              <SocialIcon icon="github" className="h-4 w-4" />
            </IconOut>
          )}
          {project.liveUrl && (
            <IconOut href={out.demo(project)} rel={out.rel} label={`${project.title} live demo`}>
              <ExternalLink className="h-4 w-4" />
            </IconOut>
          )}
        </div>
      </div>
    </article>
  );
}

/** A small icon button out, in a new tab, its name saying so. */
function IconOut({
  href,
  rel,
  label,
  children,
}: {
  href: string;
  rel: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel={rel}
      aria-label={`${label} (opens in a new tab)`}
      className="inline-flex h-9 w-9 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
    >
      {children}
    </a>
  );
}
