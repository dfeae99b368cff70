/**
 * The blog's addresses on the site, one rule each: a post's page (its canonical, feeds, the
 * fediverse, emails) and a tag's page (its feed is `${tagPath(tag)}/rss.xml`).
 */
export const postPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
export const tagPath = (tag: string) => `/blog/tag/${encodeURIComponent(tag)}`;
