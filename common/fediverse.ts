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

/** A post's likes and boosts from the fediverse (public, cached until one comes or goes). */
export const reactionCountsPath = (postId: number) => `/api/fediverse/posts/${postId}/reactions`;

/** "14 likes and 3 boosts on the fediverse"; null when there is none of either. */
export function reactionsText({ likes, boosts }: { likes: number; boosts: number }): string | null {
  const parts = [
    likes > 0 ? `${likes} ${likes === 1 ? 'like' : 'likes'}` : null,
    boosts > 0 ? `${boosts} ${boosts === 1 ? 'boost' : 'boosts'}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? null : `${parts.join(' and ')} on the fediverse`;
}
