/** Where the blog's feeds are served (server/modules/seo/feeds.ts), for the pages' links to them. */
export const FEED_PATHS = { rss: '/rss.xml', atom: '/atom.xml', json: '/feed.json' } as const;

/** The feeds' title, as readers list them. */
export const feedTitle = (ownerName: string) => `${ownerName} | Blog`;
