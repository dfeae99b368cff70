/**
 * Webmention's addresses (issue 47, point 7), without the schemas: a post's page names them, and its
 * code must not bring zod along (bench:bundle).
 */

/** Where this site receives Webmentions (named in each post's head). */
export const WEBMENTION_PATH = '/webmention';
/** A live post's approved mentions, as its page shows them. */
export const mentionsPath = (postId: number) => `/api/blog/posts/${postId}/mentions`;
