/**
 * The paged, searchable list of /blog (GET /api/blog-list): its address is built in
 * common/blog-list.ts, shared with the server, so page, search and tag read the same on both.
 */
import { queryOptions } from '@tanstack/react-query';
import { type BlogListParams, blogListPath } from '../../../common/blog-list.ts';
import type { BlogListPage } from '../../../common/schemas/blog.ts';

export const blogListQuery = (params: BlogListParams) =>
  queryOptions<BlogListPage>({ queryKey: [blogListPath(params)] });
