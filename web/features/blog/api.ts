/**
 * The blog's API, each path written once. Query keys are API paths (spec section 7), so these
 * options are what the pages read with and what the server prefetches into the HTML. The
 * paged list of /blog has its own (list-api.ts): the home page loads this module, not that one.
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPostSummary } from '../../../common/schemas/blog.ts';
import type { PublicComment } from '../../../common/schemas/comments.ts';
import { ADMIN_PREFIX } from '../admin/api.ts';

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

export const latestPostsQuery = () => queryOptions<BlogPostSummary[]>({ queryKey: [BLOG_PATH] });
export const commentsQuery = (postId: number) =>
  queryOptions<PublicComment[]>({ queryKey: [commentsPath(postId)] });

/** The latest posts (the home page's teaser). */
export const useLatestPosts = () => useQuery(latestPostsQuery());
/** A post's approved comments. */
export const useComments = (postId: number) => useQuery(commentsQuery(postId));

/** The forms' names in their pages' actions: a comment, a guest post, the owner's reply to a comment. */
export const COMMENT_FORM = 'comment';
export const CONTRIBUTION_FORM = 'contribution';
export const REPLY_FORM = 'reply';
export const replyPath = (commentId: number) => `${ADMIN_PREFIX}comments/${commentId}/reply`;
