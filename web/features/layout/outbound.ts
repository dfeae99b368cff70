/**
 * The site's links out (issue 48): to the owner's GitHub and LinkedIn, a project's live site and
 * its code. Each is a counted redirect on this site (`/go/...`, common/goals.ts), a plain link
 * that counts the goal with or without the page's code; the static copy has no server to count,
 * so there each goes straight where it points. Each gives an `<a>`'s href; `rel` keeps the Referer
 * for this site's own redirect, which counts the page the link was on.
 */
import { useMemo } from 'react';
import { outboundPaths, projectRepoUrl } from '../../../common/links-out.ts';
import type { SocialLink } from '../../../common/schemas/content.ts';
import type { Project } from '../../../common/schemas/project.ts';
import { withBase } from '../../lib/base.ts';
import { useStaticCopy } from './static-copy.ts';

export type ProjectLinks = Pick<Project, 'id'> &
  Partial<Pick<Project, 'liveUrl' | 'githubUrl' | 'repoOwner' | 'repoName'>>;

export function useLinksOut() {
  const staticCopy = useStaticCopy();
  return useMemo(() => {
    const via = (path: string, url: string) => (staticCopy ? url : withBase(path));
    return {
      rel: staticCopy ? 'noopener noreferrer' : 'noopener',
      /** A social link: GitHub and LinkedIn counted, the others as they are. */
      social: (link: SocialLink): string =>
        link.icon === 'github' || link.icon === 'linkedin'
          ? via(outboundPaths.profile(link.icon), link.url)
          : link.url,
      /** A project's live site ('Live Demo', 'Visit Live Site'). */
      demo: (project: ProjectLinks): string => via(outboundPaths.demo(project.id), project.liveUrl ?? ''),
      /** A project's code on GitHub. */
      code: (project: ProjectLinks): string => {
        const repo = projectRepoUrl(project) ?? '';
        return via(outboundPaths.code(project.id), repo);
      },
    };
  }, [staticCopy]);
}
