import type { ReactNode } from 'react';
import { Button } from '../../ui/button.tsx';
import { ExternalLink } from '../../ui/icons.tsx';
import { SocialIcon } from '../../ui/social-icon.tsx';
import { type ProjectLinks, useLinksOut } from '../layout/outbound.ts';

/**
 * A button out to a project's live site or its code on GitHub, in a new tab, through the site's
 * counted address (`useLinksOut`). The live site is the primary button, the code the outline one,
 * unless `variant` says.
 */
export function ProjectLinkOut({
  project,
  to,
  variant = to === 'demo' ? 'primary' : 'outline',
  className,
  children,
}: {
  project: ProjectLinks;
  to: 'demo' | 'code';
  variant?: 'primary' | 'outline';
  className?: string;
  children: ReactNode;
}) {
  const out = useLinksOut();
  return (
    <Button asChild variant={variant} className={className}>
      <a href={out[to](project)} target="_blank" rel={out.rel}>
        {to === 'demo' ? (
          <ExternalLink className="h-4 w-4" />
        ) : (
          <SocialIcon icon="github" className="h-4 w-4" />
        )}
        {children}
      </a>
    </Button>
  );
}

/**
 * A project's buttons out, each where the project has that link: the live site and the code, in the
 * order of `labels`' keys, each with its words.
 */
export function ProjectLinksOut({
  project,
  labels,
  className,
}: {
  project: ProjectLinks;
  labels: Partial<Record<'demo' | 'code', string>>;
  className: string;
}) {
  const has = { demo: project.liveUrl, code: project.githubUrl };
  return (
    <div className={className}>
      {(Object.keys(labels) as ('demo' | 'code')[])
        .filter((to) => has[to])
        .map((to) => (
          <ProjectLinkOut key={to} project={project} to={to}>
            {labels[to]}
          </ProjectLinkOut>
        ))}
    </div>
  );
}
