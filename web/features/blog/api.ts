/**
 * The blog's API, each path written once (query keys are API paths, spec section 7). The home
 * page and a post read these through their loaders; the paged list of /blog reads through the
 * query cache (list-api.ts). No query library here: the home page loads this module (ADR 022).
 */

import { ADMIN_PREFIX } from '../../lib/api.ts';

/** The latest posts (the home page's teaser) and, with POST, a new post. */
export const BLOG_PATH = '/api/blog';
/** A guest post sent for review. */
export const CONTRIBUTIONS_PATH = '/api/blog/contributions';
/** Where every read of one post's comments starts (what moderation refreshes). */
export const COMMENTS_PREFIX = '/api/blog/post/';

export const postPath = (slug: string) => `${BLOG_PATH}/${encodeURIComponent(slug)}`;
/** Any post by slug, drafts included: the signed-in owner's read. */
export const ownerPostPath = (slug: string) => `/api/admin/posts/by-slug/${encodeURIComponent(slug)}`;
/** A draft through its private preview link. */
export const previewPostPath = (slug: string, token: string) =>
  `${BLOG_PATH}/${encodeURIComponent(slug)}/preview?token=${encodeURIComponent(token)}`;
export const commentsPath = (postId: number) => `${COMMENTS_PREFIX}${postId}/comments`;

/** The forms' names in their pages' actions: a comment, a guest post, the owner's reply to a comment. */
export const COMMENT_FORM = 'comment';
export const CONTRIBUTION_FORM = 'contribution';
export const REPLY_FORM = 'reply';
export const replyPath = (commentId: number) => `${ADMIN_PREFIX}comments/${commentId}/reply`;
