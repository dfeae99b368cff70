/** A post's own address on the site (the page, its canonical, feeds, the fediverse, emails): one rule. */
export const postPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
