import type { Recommendation } from '../../../common/schemas/ai.ts';
import { withBase } from '../../lib/base.ts';
import { CATEGORY_LABELS } from '../../lib/option-labels.ts';
import { paths } from '../../lib/paths.ts';
import { useCopyLink } from '../../lib/use-copy-link.ts';
import { cn } from '../../ui/cn.ts';
import { Check, ExternalLink, Link2, Sparkles } from '../../ui/icons.tsx';
import { Link } from '../../ui/link.tsx';
import { SocialIcon } from '../../ui/social-icon.tsx';
import { Tags } from '../../ui/tags.tsx';

/** The address that opens this page with the project highlighted. */
export function projectShareUrl(projectId: string): string {
  const url = new URL(withBase(paths.recommendations), window.location.origin);
  url.searchParams.set('project', projectId);
  return url.toString();
}

function CopyLinkButton({ projectId, title }: { projectId: string; title: string }) {
  const { copied, copy: copyLink } = useCopyLink();
  const copy = () => copyLink(projectShareUrl(projectId), `Anyone opening it sees ${title} highlighted.`);
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={copied ? `Link to ${title} copied` : `Copy link to ${title}`}
      title="Copy link"
      className="inline-flex h-9 w-9 items-center justify-center rounded-md border border-border bg-background transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      {copied ? <Check className="h-4 w-4 text-primary" /> : <Link2 className="h-4 w-4" />}
    </button>
  );
}

const linkClass =
  'inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** One recommended project: score, picture, text, why it matched, and its links. */
export function RecommendationCard({
  recommendation: { project, score, reason },
  highlighted = false,
}: {
  /** Without score and reason for a project shown because a shared link named it. */
  recommendation: Pick<Recommendation, 'project'> & Partial<Pick<Recommendation, 'score' | 'reason'>>;
  highlighted?: boolean;
}) {
  return (
    <article
      id={`project-${project.id}`}
      aria-labelledby={`project-${project.id}-title`}
      className={cn(
        'flex h-full scroll-mt-24 flex-col overflow-hidden rounded-lg border bg-card shadow-sm',
        highlighted ? 'border-primary ring-2 ring-primary' : 'border-border',
      )}
    >
      <div className="relative aspect-video bg-muted">
        <img
          src={withBase(project.imageUrl)}
          alt=""
          loading="lazy"
          width={640}
          height={360}
          className="h-full w-full object-cover"
        />
        {score !== undefined && (
          <span className="absolute right-3 top-3 rounded-full bg-primary px-3 py-1 text-sm font-bold text-primary-foreground shadow">
            {score}% match
          </span>
        )}
        {highlighted && (
          <span className="absolute left-3 top-3 inline-flex items-center gap-1 rounded-full bg-background/95 px-2.5 py-0.5 text-xs font-semibold">
            <Sparkles className="h-3 w-3 text-primary" />
            Shared with you
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 id={`project-${project.id}-title`} className="text-lg font-semibold">
            <Link to={paths.project(project.id)} className="hover:underline">
              {project.title}
            </Link>
          </h3>
          <span className="shrink-0 rounded-full border border-border px-2.5 py-0.5 text-xs font-semibold">
            {CATEGORY_LABELS[project.category]}
          </span>
        </div>
        <p className="text-sm text-muted-foreground">{project.description}</p>
        <Tags tags={project.tags} />
        {reason ? (
          <p className="flex-1 rounded-md bg-muted/60 p-3 text-sm">
            <span className="font-semibold">Why it matches: </span>
            {reason}
          </p>
        ) : (
          <div className="flex-1" />
        )}
        <div className="flex flex-wrap items-center gap-2 pt-1">
          {project.demoUrl && (
            <a
              href={withBase(project.demoUrl)}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(linkClass, 'bg-primary text-primary-foreground hover:bg-primary/90')}
            >
              <ExternalLink className="h-4 w-4" />
              View Demo
              <span className="sr-only">of {project.title} (opens in a new tab)</span>
            </a>
          )}
          {project.githubUrl && (
            <a
              href={project.githubUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(linkClass, 'border border-border bg-background hover:bg-muted')}
            >
              <SocialIcon icon="github" className="h-4 w-4" />
              GitHub
              <span className="sr-only">repository of {project.title} (opens in a new tab)</span>
            </a>
          )}
          <span className="ml-auto">
            <CopyLinkButton projectId={project.id} title={project.title} />
          </span>
        </div>
      </div>
    </article>
  );
}
