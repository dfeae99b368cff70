import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Project } from '../../../common/schemas/project.ts';

/** A project's API path (query keys are API paths, spec section 7). */
export const projectPath = (id: string) => `/api/projects/${encodeURIComponent(id)}`;

export const projectQuery = (id: string) => queryOptions<Project | null>({ queryKey: [projectPath(id)] });

/** A project, starting from the one the server read for the page (null: not found, nothing to ask). */
export const useProject = (id: string, initial: Project | null) =>
  useQuery({ ...projectQuery(id), initialData: initial, enabled: initial !== null });
