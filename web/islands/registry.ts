/**
 * Where the browser finds each island's code (ADR 023): its name, as `island()` was given it, and
 * the module that holds its component, or for an island that draws nothing React needs to redraw
 * (decoration, a watcher) the plain function that starts it without React. Each is its own
 * dynamic import, fetched when the island starts. A test checks that every `island()` name is in
 * one of the two, once.
 */
import type { ComponentType } from 'react';
import type { IslandBehaviour } from './markers.ts';

// biome-ignore lint/suspicious/noExplicitAny: an island's props are whatever its marker says
type Loader = () => Promise<ComponentType<any>>;

export const islandModules = {
  'newsletter-signup': () =>
    import('../features/newsletter/subscribe-form.tsx').then((module) => module.NewsletterSignupForm),
  'follow-box': () =>
    import('../features/fediverse/follow-box.tsx').then((module) => module.FollowBoxContent),
  'comment-form': () =>
    import('../features/blog/comment-form.tsx').then((module) => module.CommentFormContent),
  'share-links': () => import('../features/blog/post-extras.tsx').then((module) => module.ShareLinksContent),
  'code-copy': () => import('../features/blog/post-extras.tsx').then((module) => module.CodeCopyButtons),
  'view-mode': () =>
    import('../features/preferences/view-mode-switch.tsx').then((module) => module.ViewModeButtons),
  'immersive-cursor': () =>
    import('../features/immersive/immersive-loader.tsx').then((module) => module.CursorWhereItShows),
  'blog-results': () => import('../features/blog/blog-list.tsx').then((module) => module.BlogResultsIsland),
  'demo-panel': () => import('../features/projects/demo-panel.tsx').then((module) => module.DemoPanelContent),
  projects: () =>
    import('../features/projects/projects-section.tsx').then((module) => module.ProjectsWithFilters),
  skills: () => import('../features/skills/skills-section.tsx').then((module) => module.default),
  'quote-form': () => import('../features/contact/quote-form.tsx').then((module) => module.QuoteFormContent),
  'home-extras': () =>
    import('../features/immersive/immersive-loader.tsx').then((module) => module.HomeExtrasWhenIdle),
} satisfies Record<string, Loader>;

/**
 * Islands that start as plain functions (`IslandBehaviour`): no component of theirs is fetched or
 * hydrated. The server renders their component like any other. The small modules they share with
 * the React islands (reduced motion, the layout watch) are in the `island-kit` chunk, which imports
 * React's: on a page whose only islands starting by themselves were these, React would come too
 * (no page is such today; the home page's extras need React anyway). A chunk of their own would
 * cost the home page a file.
 */
export const islandBehaviours = {
  'typing-text': () => import('../features/profile/typing.ts').then((module) => module.typingIsland),
  particles: () => import('../features/profile/particle-start.ts').then((module) => module.particlesIsland),
  'section-tracker': () =>
    import('../features/layout/section-tracking.ts').then((module) => module.sectionTrackerIsland),
} satisfies Record<string, () => Promise<IslandBehaviour>>;
