/**
 * Where the static copy keeps each public API read (spec section 1): one rule shared by the export,
 * which writes the files, and the browser, which reads them on a static host.
 */

/**
 * The exported file of an API read: `path.json`, with the values of a query string as further
 * path segments (`/api/skill-endorsements?skillId=3` -> `/api/skill-endorsements/3.json`), since a
 * static host ignores query strings.
 */
export function staticFilePath(path: string): string {
  const [pathname = '', query = ''] = path.split('?');
  const values = [...new URLSearchParams(query).values()].filter(Boolean).map(encodeURIComponent);
  return `${[pathname, ...values].join('/')}.json`;
}

/** The search index of every published post that the static copy's blog list is computed from. */
export const STATIC_BLOG_INDEX = '/api/blog-index';
