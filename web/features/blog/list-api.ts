/**
 * The paged, searchable list of /blog (GET /api/blog-list): its address is built in
 * common/blog-list.ts, shared with the server, so page, search and tag read the same on both.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type BlogIndexEntry, type BlogListParams, blogListPath } from '../../../common/blog-list.ts';
import { pageOfIndex } from '../../../common/blog-search.ts';
import type { BlogListPage } from '../../../common/schemas/blog.ts';
import { STATIC_BLOG_INDEX } from '../../../common/static-files.ts';
import { isStaticHost, staticRead, storedRead } from '../../lib/static-mode.ts';
import { BLOG_PATH } from './api.ts';

export const blogListQuery = (params: BlogListParams) =>
  queryOptions<BlogListPage>({ queryKey: [blogListPath(params)] });

/** One page of /blog, kept on screen while the next loads. */
export const useBlogList = (params: BlogListParams) =>
  useQuery({
    ...blogListQuery(params),
    placeholderData: keepPreviousData,
    // The static copy has no server: the same list, computed in the browser from the exported index.
    ...(isStaticHost() ? { queryFn: () => staticBlogList(params) } : {}),
  });

/**
 * The blog list on the static copy: posts kept in browser storage under the list's key
 * (`api_blog`, as for any static read), else the exported index of every post.
 */
async function staticBlogList(params: BlogListParams): Promise<BlogListPage> {
  const stored = storedRead(BLOG_PATH);
  const index = Array.isArray(stored) ? stored : await staticRead(STATIC_BLOG_INDEX);
  const entries = (Array.isArray(index) ? (index as BlogIndexEntry[]) : []).map((post) => ({
    ...post,
    text: post.text ?? '',
  }));
  return pageOfIndex(entries, params);
}
