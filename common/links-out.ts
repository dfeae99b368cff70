/**
 * The site's links out that count a goal (issue 48, common/goals.ts): each a counted redirect on
 * this site, answered by a 302 to where it points. Apart from the goals' list, which only the
 * owner's dashboard needs, so a public page's JavaScript carries only these few lines.
 */

/** The counted redirects: the site's own links out, each answered by a 302 to where it points. */
export const outboundPaths = {
  /** The owner's GitHub or LinkedIn profile (content/profile.ts). */
  profile: (network: 'github' | 'linkedin') => `/go/${network}`,
  /** A project's live site. */
  demo: (projectId: string) => `/go/demo/${projectId}`,
  /** A project's code on GitHub. */
  code: (projectId: string) => `/go/code/${projectId}`,
};

/** A project's repository on GitHub: its owner and name when given, or its GitHub address. */
export function projectRepoUrl(project: {
  repoOwner?: string | undefined;
  repoName?: string | undefined;
  githubUrl?: string | undefined;
}): string | undefined {
  return project.repoOwner && project.repoName
    ? `https://github.com/${project.repoOwner}/${project.repoName}`
    : project.githubUrl;
}
