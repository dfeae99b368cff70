/** The blog on the fediverse (issue 47), as pages name it: GET /api/fediverse. */
export interface FediverseInfo {
  /** '@name@host': what a Mastodon user types into search to follow the blog. */
  handle: string;
  /** The actor's address (application/activity+json). */
  actor: string;
}

export const FEDIVERSE_INFO_PATH = '/api/fediverse';
export const BLOG_ACTOR_PATH = '/ap/actors/blog';
export const ACTIVITY_JSON = 'application/activity+json';

/** A post's ActivityPub object, which its page names as an alternate. */
export const postObjectPath = (slug: string) => `/ap/posts/${encodeURIComponent(slug)}`;
