/**
 * The blog's API, each path written once. Query keys are API paths (spec section 7), so these
 * options are what the pages read with and what the server prefetches into the HTML. The
 * paged list of /blog has its own (list-api.ts): the home page loads this module, not that one.
 */

import { queryOptions } from '@tanstack/react-query';
import type { AdminPost, BlogPostSummary } from '../../../common/schemas/blog.ts';
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

/** The owner's side of the blog: posts, the editor, moderation of comments and guest posts. */
export const ownerBlogPaths = {
  posts: `${ADMIN_PREFIX}posts`,
  post: (id: number) => `${ADMIN_PREFIX}posts/${id}`,
  previewLink: (id: number) => `${ADMIN_PREFIX}posts/${id}/preview-link`,
  postTags: `${ADMIN_PREFIX}post-tags`,
  markdownPreview: `${ADMIN_PREFIX}markdown-preview`,
  comments: `${ADMIN_PREFIX}comments`,
  moderateComments: `${ADMIN_PREFIX}comments/moderate`,
  contributions: `${ADMIN_PREFIX}contributions`,
  reviewContribution: (id: number) => `${ADMIN_PREFIX}contributions/${id}/review`,
  upload: '/api/upload',
} as const;

export const adminPostQuery = (id: number) =>
  queryOptions<AdminPost>({ queryKey: [ownerBlogPaths.post(id)], enabled: Number.isInteger(id) && id > 0 });

/** Uploads a file to POST /api/upload in the field 'image' (cover) or 'media' (inline); gives its URL. */
export async function uploadFile(field: 'image' | 'media', file: File): Promise<string> {
  const body = new FormData();
  body.append(field, file);
  const response = await fetch(ownerBlogPaths.upload, { method: 'POST', body, credentials: 'include' });
  const text = await response.text();
  let parsed: { url?: string; message?: string } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // Not JSON: the text is the message.
  }
  if (!response.ok || !parsed.url) throw new Error(parsed.message || text || 'Unknown error');
  return parsed.url;
}
