/** Every address of the site, in one place (the dashboard's sections: `dashboardPaths` in admin-paths.ts). */
import { BACK_PARAM, localPath } from '../../common/back-path.ts';
import { postPath, tagPath } from '../../common/blog-paths.ts';

export { BACK_PARAM, localPath };

export const paths = {
  home: '/',
  section: (id: 'home' | 'projects' | 'about' | 'skills' | 'blog' | 'contact' | 'testimonials') => `/#${id}`,
  blog: '/blog',
  post: postPath,
  /** A tag's own page of posts (its RSS feed: `${path}/rss.xml`). */
  tag: tagPath,
  project: (id: string) => `/projects/${encodeURIComponent(id)}`,
  auth: '/auth',
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

/** The sign-in page (its `tab`), coming back to `back` once signed in (none, or the sign-in page: home). */
export function signInPath(back: string | null, tab?: 'register'): string {
  const query = new URLSearchParams(tab ? { tab } : {});
  const page = localPath(back);
  const at = page && new URL(page, 'http://site').pathname;
  const away = at !== paths.home && at !== paths.auth;
  if (page && away) query.set(BACK_PARAM, page);
  const search = query.toString();
  return search ? `${paths.auth}?${search}` : paths.auth;
}

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
