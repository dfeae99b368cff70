/**
 * The project page's 'Live Demo' panel: tabs Live Demo (default), Code and
 * Technologies, and the demo behaviour of each demoType (spec section 2).
 */

import { type CSSProperties, type ReactNode, useState } from 'react';
import { DEFAULT_GITHUB_BRANCH, MIN_FRAME_HEIGHT } from '../../../common/constants.ts';
import { demoFrameUrl } from '../../../common/demo-frame.ts';
import type { Project } from '../../../common/schemas/project.ts';
import { island } from '../../islands/island.tsx';
import { withBase } from '../../lib/base.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import {
  Code2,
  Download,
  GitBranch,
  GitFork,
  GitPullRequest,
  MonitorX,
  Star,
  TriangleAlert,
} from '../../ui/icons.tsx';
import { useLinksOut } from '../layout/outbound.ts';
import { DemoFrame } from './demo-frame.tsx';
import { ProjectLinkOut } from './project-link-out.tsx';
import { SourceCodeLink } from './source-code-link.tsx';
import { type TabItem, TabPanel, useTabs } from './tabs.tsx';

const GITHUB_PREVIEW_HEIGHT = 400;

/** A clip the site serves itself (content/images/demos/), played in the page's own player. */
const SELF_HOSTED_VIDEO = /^\/[\w./-]+\.(webm|mp4)$/;

function VideoClip({ project }: { project: Project }) {
  const src = withBase(project.demoUrl ?? '');
  return (
    <figure className="overflow-hidden rounded-lg border border-border bg-black">
      {/* A silent screen recording (muted, so no caption track is needed): it loops and never autoplays. */}
      <video
        controls
        loop
        muted
        playsInline
        preload="metadata"
        poster={withBase(project.image)}
        aria-label={`${project.title} demo video`}
        className="aspect-video w-full"
      >
        <source src={src} type={src.endsWith('.mp4') ? 'video/mp4' : 'video/webm'} />
      </video>
      <figcaption className="bg-card px-4 py-3 text-sm text-muted-foreground">
        {project.title}: a short demo clip, without sound.{' '}
        <a href={src} className="font-medium text-primary underline-offset-4 hover:underline" download>
          Download the clip
        </a>
      </figcaption>
    </figure>
  );
}

const repoUrl = (project: Project) =>
  project.repoOwner && project.repoName
    ? `https://github.com/${project.repoOwner}/${project.repoName}`
    : project.githubUrl;

function NoDemo({ project }: { project: Project }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-border p-10 text-center">
      <MonitorX className="h-10 w-10 text-muted-foreground" />
      <h3 className="mt-4 text-lg font-semibold">No Live Demo Available</h3>
      {project.liveUrl && (
        <ProjectLinkOut project={project} to="demo" className="mt-4">
          Visit Live Site
        </ProjectLinkOut>
      )}
    </div>
  );
}

function Unavailable({ project }: { project: Project }) {
  const out = useLinksOut();
  return (
    <div className="flex flex-col items-center rounded-lg border border-border p-10 text-center">
      <h3 className="text-lg font-semibold">Live Demo</h3>
      <p className="mt-2 text-muted-foreground">An interactive demo is not available at this moment.</p>
      {project.githubUrl && <SourceCodeLink url={out.code(project)} rel={out.rel} className="mt-4" />}
    </div>
  );
}

function GithubDemo({ project }: { project: Project }) {
  if (!project.repoOwner || !project.repoName) {
    return (
      <div role="alert" className="flex items-center gap-3 rounded-lg border border-border p-6">
        <TriangleAlert className="h-5 w-5 text-destructive" />
        The GitHub repository information for this project is incomplete.
      </div>
    );
  }
  const repo = `https://github.com/${project.repoOwner}/${project.repoName}`;
  const branch = project.demoConfig?.githubBranch ?? DEFAULT_GITHUB_BRANCH;
  const links = [
    { label: 'Repository', href: repo, icon: Code2 },
    { label: 'Issues', href: `${repo}/issues`, icon: TriangleAlert },
    { label: 'Pull requests', href: `${repo}/pulls`, icon: GitPullRequest },
    { label: 'Stargazers', href: `${repo}/stargazers`, icon: Star },
    { label: 'Forks', href: `${repo}/forks`, icon: GitFork },
    { label: `Download ${branch} (zip)`, href: `${repo}/archive/refs/heads/${branch}.zip`, icon: Download },
  ];
  return (
    <div className="space-y-6">
      {project.liveUrl && (
        <DemoFrame
          url={project.liveUrl}
          title={project.title}
          height={GITHUB_PREVIEW_HEIGHT}
          refusesFraming={project.demoRefusesFraming}
        />
      )}
      <div className="flex flex-wrap items-center gap-3">
        {project.liveUrl && (
          <ProjectLinkOut project={project} to="demo">
            Launch App
          </ProjectLinkOut>
        )}
        <ProjectLinkOut project={project} to="code">
          View Source
        </ProjectLinkOut>
        <span className="inline-flex items-center gap-1 rounded-full bg-secondary px-3 py-1 text-xs font-medium">
          <GitBranch className="h-3.5 w-3.5" />
          Branch: {branch}
        </span>
      </div>
      <div>
        <h3 className="font-semibold">Overview</h3>
        <p className="mt-2 text-muted-foreground">{project.details}</p>
      </div>
      <ul aria-label="Repository links" className="grid gap-2 sm:grid-cols-2">
        {links.map(({ label, href, icon: Icon }) => (
          <li key={label}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-center gap-2 rounded-md border border-border px-3 py-2 text-sm hover:bg-muted"
            >
              <Icon aria-hidden="true" className="h-4 w-4 text-primary" />
              {label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function LiveDemo({ project }: { project: Project }) {
  const height = project.demoConfig?.height;
  switch (project.demoType) {
    case 'none':
      return <NoDemo project={project} />;
    case 'iframe': {
      // The address the server checked for framing (common/demo-frame.ts).
      const url = demoFrameUrl(project);
      return url ? (
        <DemoFrame
          url={url}
          title={project.title}
          height={height}
          refusesFraming={project.demoRefusesFraming}
        />
      ) : (
        <Unavailable project={project} />
      );
    }
    case 'github':
      return <GithubDemo project={project} />;
    case 'video':
      if (project.demoUrl && SELF_HOSTED_VIDEO.test(project.demoUrl)) return <VideoClip project={project} />;
      return project.demoUrl ? (
        <div className="aspect-video overflow-hidden rounded-lg border border-border bg-black">
          <iframe
            src={project.demoUrl}
            title={`${project.title} demo video`}
            allow="fullscreen; picture-in-picture"
            sandbox="allow-scripts allow-same-origin allow-presentation"
            loading="lazy"
            className="h-full w-full border-0"
          />
        </div>
      ) : (
        <Unavailable project={project} />
      );
    default:
      return project.liveUrl ? (
        <DemoFrame
          url={project.liveUrl}
          title={project.title}
          height={height}
          refusesFraming={project.demoRefusesFraming}
        />
      ) : (
        <Unavailable project={project} />
      );
  }
}

const tabClass =
  'rounded-sm px-4 py-1.5 text-sm font-medium text-muted-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm focus-visible:outline-2 focus-visible:outline-ring';

/** The panels' own names in the page's address (`#demo-code`), for the tabs before the code arrives. */
const PANELS = { demo: 'demo-live', code: 'demo-code', tech: 'demo-tech' } as const;
type Panel = keyof typeof PANELS;

const TABS: TabItem<Panel>[] = [
  { value: 'demo', label: 'Live Demo' },
  { value: 'code', label: 'Code' },
  { value: 'tech', label: 'Technologies' },
];

function DemoPanelContent({ project }: { project: Project }) {
  const repo = repoUrl(project);
  const branch = project.demoConfig?.githubBranch ?? DEFAULT_GITHUB_BRANCH;
  const [tab, setTab] = useState<Panel>('demo');
  const hydrated = useHydrated();
  const tabs = useTabs(TABS, tab, setTab);
  // Before the code arrives each tab is a link to its panel, and every panel is in the page: the
  // demo's shows, another shows while the address names it (`:target`, the link just followed).
  const panel = (value: Panel, children: ReactNode, style?: CSSProperties) => (
    <TabPanel
      props={tabs.panelProps(value)}
      active={tab === value}
      live={hydrated}
      className={hydrated || value === 'demo' ? 'mt-4' : 'mt-4 hidden has-[:target]:block'}
      style={style}
    >
      <div id={PANELS[value]}>{children}</div>
    </TabPanel>
  );
  return (
    <section aria-labelledby="demo-heading" className="mt-12">
      <h2 id="demo-heading" className="text-2xl font-bold">
        Live Demo
      </h2>
      <div className="mt-4">
        <div
          {...tabs.listProps}
          role="tablist"
          aria-label="Demo, code and technologies"
          className="inline-flex rounded-md bg-muted p-1"
        >
          {TABS.map(({ value, label }) => (
            <a
              key={value}
              {...tabs.tabProps(value)}
              href={`#${PANELS[value]}`}
              className={tabClass}
              onClick={(event) => {
                event.preventDefault();
                setTab(value);
              }}
            >
              {label}
            </a>
          ))}
        </div>
        {panel('demo', <LiveDemo project={project} />, { minHeight: MIN_FRAME_HEIGHT / 2 })}
        {panel(
          'code',
          repo ? (
            <div className="flex flex-wrap gap-3">
              <ProjectLinkOut project={project} to="code" variant="primary">
                Browse the repository
              </ProjectLinkOut>
              <Button asChild variant="outline">
                <a
                  href={`${repo}/archive/refs/heads/${branch}.zip`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <Download className="h-4 w-4" />
                  Download source (zip)
                </a>
              </Button>
            </div>
          ) : (
            <p className="text-muted-foreground">
              The source code for this project is not publicly available.
            </p>
          ),
        )}
        {panel(
          'tech',
          project.techStack.length > 0 ? (
            <ul aria-label="Technologies" className="flex flex-wrap gap-2">
              {project.techStack.map((tech) => (
                <li key={tech} className="rounded-full border border-border px-3 py-1 text-sm">
                  {tech}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">Technology stack information is not available.</p>
          ),
        )}
      </div>
    </section>
  );
}

/**
 * The panel is an island (ADR 023): the case study around it is the page's HTML. It starts as it
 * comes near the screen (a phone that never scrolls past the case study never fetches React), or
 * at once when a visitor reaches for it; a tab pressed or a tab's key before then is done once it
 * is live (web/islands/starter.ts). Its frame (which only its code makes) loads then, and a demo
 * that cannot load says so 8 s after.
 */
export const DemoPanel = island('demo-panel', DemoPanelContent, { start: 'visible' });
export { DemoPanelContent };
