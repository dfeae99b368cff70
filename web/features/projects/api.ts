import { queryOptions } from '@tanstack/react-query';
import type { Project } from '../../../common/schemas/project.ts';

/** A project's API path (query keys are API paths, spec section 7). */
export const projectPath = (id: string) => `/api/projects/${encodeURIComponent(id)}`;

export const projectQuery = (id: string) => queryOptions<Project | null>({ queryKey: [projectPath(id)] });
