import type { Project, ProjectCategory } from '../../../common/schemas/project.ts';

const FEATURED_TITLES = ['Stackzen', 'Keycode Help'];

/** Projects titled Stackzen or Keycode Help carry the 'Featured' badge. */
export const isFeaturedTitle = (title: string) => FEATURED_TITLES.some((name) => title.includes(name));

/** The featured block's project: the first whose title contains Stackzen or Keycode Help, else the first. */
export function featuredProject<T extends Pick<Project, 'title'>>(projects: readonly T[]): T | undefined {
  return projects.find((project) => isFeaturedTitle(project.title)) ?? projects[0];
}

export type ProjectFilter = 'all' | ProjectCategory;

export const PROJECT_FILTERS: ReadonlyArray<{ value: ProjectFilter; label: string }> = [
  { value: 'all', label: 'All Projects' },
  { value: 'web', label: 'Web Development' },
  { value: 'business', label: 'Business' },
  { value: 'service', label: 'Services' },
];

export function filterProjects<T extends Pick<Project, 'category'>>(
  projects: readonly T[],
  filter: ProjectFilter,
): T[] {
  return filter === 'all' ? [...projects] : projects.filter((project) => project.category === filter);
}

/** What the home page needs of a project: its card and, when featured, its highlights. */
export type ProjectSummary = Pick<
  Project,
  'id' | 'title' | 'description' | 'image' | 'tags' | 'category' | 'githubUrl' | 'liveUrl' | 'highlights'
>;
