/**
 * The blog's API, each path written once. Query keys are API paths (spec section 7), so these
 * options are what the pages read with and what the server prefetches into the HTML. The
 * paged list of /blog has its own (list-api.ts): the home page loads this module, not that one.
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPostSummary } from '../../../common/schemas/blog.ts';
import type { CommentFormInput, PublicComment } from '../../../common/schemas/comments.ts';
import type { ContributionInput } from '../../../common/schemas/contributions.ts';
import { requestJson } from '../../lib/request.ts';
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

type Submitted = { message: string };
export const sendComment = (postId: number, comment: CommentFormInput & { formToken: string }) =>
  requestJson<Submitted>('POST', commentsPath(postId), comment);
export const sendContribution = (contribution: ContributionInput & { formToken: string }) =>
  requestJson<Submitted>('POST', CONTRIBUTIONS_PATH, contribution);

/** The owner's answer to a comment, and its form's name in the page's action (posted without the code). */
export const REPLY_FORM = 'reply';
export const replyPath = (commentId: number) => `${ADMIN_PREFIX}comments/${commentId}/reply`;
export const replyToComment = (commentId: number, content: string) =>
  requestJson<PublicComment>('POST', replyPath(commentId), { content });
