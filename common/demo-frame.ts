/**
 * The address a project's Live Demo panel shows in a frame: the server checks it for framing
 * (server/modules/projects/framing.ts) and the panel frames it. No zod here: the page's code
 * imports it.
 */
import type { Project } from './schemas/project.ts';

/** The address the Live Demo panel shows in a frame, if it shows one. */
export function demoFrameUrl(project: Pick<Project, 'demoType' | 'liveUrl' | 'demoUrl'>): string | undefined {
  switch (project.demoType) {
    case 'none':
    case 'video':
      return undefined;
    case 'iframe':
      return project.liveUrl ?? project.demoUrl;
    default:
      return project.liveUrl;
  }
}
