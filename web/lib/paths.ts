/** Every address of the site, in one place (the dashboard's sections: `dashboardPaths` in admin-paths.ts). */
import { AUTH_PATH, BACK_PARAM, localPath, signInPath } from '../../common/back-path.ts';
import { postPath, tagPath } from '../../common/blog-paths.ts';

export { BACK_PARAM, localPath, signInPath };

export const paths = {
  home: '/',
  section: (id: 'home' | 'projects' | 'about' | 'skills' | 'blog' | 'contact' | 'testimonials') => `/#${id}`,
  blog: '/blog',
  post: postPath,
  /** A tag's own page of posts (its RSS feed: `${path}/rss.xml`). */
  tag: tagPath,
  project: (id: string) => `/projects/${encodeURIComponent(id)}`,
  auth: AUTH_PATH,
  resume: '/resume',
  generateImages: '/generate-images',
  recommendations: '/recommendations',
  bookACall: '/book-a-call',
  booking: (token: string) => `/booking/${encodeURIComponent(token)}`,
  adminBlog: '/admin/blog',
  privacy: '/privacy',
  terms: '/terms',
  contribute: '/contribute',
} as const;

/**
 * `pathname` with `search`'s parameters changed: a value sets one, null removes it, the rest are
 * kept; no `?` when none is left. What a link to the same page in another state goes to.
 */
export function addressWith(
  pathname: string,
  search: string,
  changes: Record<string, string | null>,
): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
