import { pageMeta, rootDataOf } from '../../lib/seo.ts';

/** The head of a dashboard page: '{section} · Admin Dashboard' (or the dashboard itself), never indexed. */
export const adminMeta =
  (section: string | null, path: string) =>
  ({ matches }: { matches: Parameters<typeof rootDataOf>[0] }) =>
    pageMeta({
      site: rootDataOf(matches).site,
      title: section ? `${section} · Admin Dashboard` : 'Admin Dashboard',
      path,
      noindex: true,
    });
