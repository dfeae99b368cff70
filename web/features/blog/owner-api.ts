/** The owner's side of the blog's API: posts, the editor, moderation; kept out of the visitors' pages' code. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPost, OwnerTags } from '../../../common/schemas/blog.ts';
import type { OwnerMention } from '../../../common/schemas/webmention.ts';
import { ADMIN_PREFIX } from '../../lib/api.ts';
import { getQueryFn, requestJson } from '../../lib/request.ts';

/** The owner's side of the blog: posts, the editor, moderation of comments and guest posts. */
export const ownerBlogPaths = {
  posts: `${ADMIN_PREFIX}posts`,
  post: (id: number) => `${ADMIN_PREFIX}posts/${id}`,
  previewLink: (id: number) => `${ADMIN_PREFIX}posts/${id}/preview-link`,
  postTags: `${ADMIN_PREFIX}post-tags`,
  tags: `${ADMIN_PREFIX}tags`,
  renameTag: `${ADMIN_PREFIX}tags/rename`,
  markdownPreview: `${ADMIN_PREFIX}markdown-preview`,
  comments: `${ADMIN_PREFIX}comments`,
  moderateComments: `${ADMIN_PREFIX}comments/moderate`,
  contributions: `${ADMIN_PREFIX}contributions`,
  reviewContribution: (id: number) => `${ADMIN_PREFIX}contributions/${id}/review`,
  upload: '/api/upload',
} as const;

/** The owner's mentions from other sites (Webmention), on the moderation page. */
export const ownerMentionsPath = `${ADMIN_PREFIX}mentions`;
export const ownerMentionPath = (id: number) => `${ownerMentionsPath}/${id}`;
export const useOwnerMentions = () =>
  useQuery<{ mentions: OwnerMention[] }>({ queryKey: [ownerMentionsPath] });
/** A mention's row: approve it, or delete it. */
export const MENTION_FORM = 'mention';

/** A post in the editor; null once it is deleted (elsewhere, or before its link was followed). */
export const adminPostQuery = (id: number) =>
  queryOptions<AdminPost | null>({
    queryKey: [ownerBlogPaths.post(id)],
    queryFn: getQueryFn<AdminPost>({ on401: 'throw', on404: 'returnNull' }),
    enabled: Number.isInteger(id) && id > 0,
  });

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

/** The editor's tag suggestions: every tag in use, most used first. */
export const usePostTags = () =>
  useQuery<string[]>({ queryKey: [ownerBlogPaths.postTags], staleTime: 60_000 });

/** Every tag with its count (drafts too), most used first: the owner's Tags list. */
export const useOwnerTags = () => useQuery<OwnerTags>({ queryKey: [ownerBlogPaths.tags] });

/** The editor's preview: the post's Markdown as visitors will see it. */
export const renderPreview = async (content: string) =>
  (await requestJson<{ html: string }>('POST', ownerBlogPaths.markdownPreview, { content })).html;

/** Moderation's forms: the comments' (a row's button or the ticked ones), a guest post's review. */
export const COMMENTS_FORM = 'comments-moderate';
export const CONTRIBUTION_FORM = 'contribution-review';

/** The post open in the editor (none for a new one: an id that is not a positive whole number). */
export const useAdminPost = (id: number) => useQuery(adminPostQuery(id));
