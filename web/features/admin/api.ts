/**
 * The owner's API, each path written once. Query keys are API paths (spec section 7); every
 * admin read starts with ADMIN_PREFIX, which is how an action refreshes them all.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminSummary } from '../../../common/schemas/admin.ts';
import type { AdminAnalytics } from '../../../common/schemas/analytics.ts';
import type { AdminPost } from '../../../common/schemas/blog.ts';
import type { Page } from '../../../common/schemas/shared.ts';

export const ADMIN_PREFIX = '/api/admin/';

export const adminPaths = {
  summary: `${ADMIN_PREFIX}summary`,
  analytics: `${ADMIN_PREFIX}analytics`,
  posts: `${ADMIN_PREFIX}posts`,
  post: (id: number) => `${ADMIN_PREFIX}posts/${id}`,
  previewLink: (id: number) => `${ADMIN_PREFIX}posts/${id}/preview-link`,
  postTags: `${ADMIN_PREFIX}post-tags`,
  markdownPreview: `${ADMIN_PREFIX}markdown-preview`,
  comments: `${ADMIN_PREFIX}comments`,
  moderateComments: `${ADMIN_PREFIX}comments/moderate`,
  contributions: `${ADMIN_PREFIX}contributions`,
  reviewContribution: (id: number) => `${ADMIN_PREFIX}contributions/${id}/review`,
  inbox: `${ADMIN_PREFIX}inbox`,
  inboxItem: (kind: string, id: number) => `${ADMIN_PREFIX}inbox/${kind}/${id}`,
  pipeline: `${ADMIN_PREFIX}pipeline`,
  outbox: `${ADMIN_PREFIX}outbox`,
  outboxRetry: (id: number) => `${ADMIN_PREFIX}outbox/${id}/retry`,
  quote: (id: number) => `${ADMIN_PREFIX}quotes/${id}`,
  quoteHistory: (id: number) => `${ADMIN_PREFIX}quotes/${id}/history`,
  quoteNotes: (id: number) => `${ADMIN_PREFIX}quotes/${id}/notes`,
  testimonials: `${ADMIN_PREFIX}testimonials`,
  testimonial: (id: number) => `${ADMIN_PREFIX}testimonials/${id}`,
  testimonialAction: (id: number, action: 'approve' | 'hide' | 'link') =>
    `${ADMIN_PREFIX}testimonials/${id}/${action}`,
  bookingSettings: `${ADMIN_PREFIX}booking-settings`,
  bookings: `${ADMIN_PREFIX}bookings`,
  bookingCancel: (id: number) => `${ADMIN_PREFIX}bookings/${id}/cancel`,
  resumeRequests: `${ADMIN_PREFIX}resume-requests`,
  endorsements: `${ADMIN_PREFIX}endorsements`,
  endorsement: (id: number) => `${ADMIN_PREFIX}endorsements/${id}`,
  upload: '/api/upload',
  backups: `${ADMIN_PREFIX}backups`,
  backup: (name: string) => `${ADMIN_PREFIX}backups/${encodeURIComponent(name)}`,
  postsExport: `${ADMIN_PREFIX}posts/export`,
  postsImport: `${ADMIN_PREFIX}posts/import`,
  security: `${ADMIN_PREFIX}security`,
  passkeyOptions: `${ADMIN_PREFIX}security/passkeys/options`,
  passkeys: `${ADMIN_PREFIX}security/passkeys`,
  passkey: (id: number) => `${ADMIN_PREFIX}security/passkeys/${id}`,
  authenticator: `${ADMIN_PREFIX}security/authenticator`,
  authenticatorConfirm: `${ADMIN_PREFIX}security/authenticator/confirm`,
  authenticatorRemove: `${ADMIN_PREFIX}security/authenticator/remove`,
  recoveryCodes: `${ADMIN_PREFIX}security/recovery-codes`,
  session: (id: string) => `${ADMIN_PREFIX}security/sessions/${encodeURIComponent(id)}`,
  endOtherSessions: `${ADMIN_PREFIX}security/sessions/end-others`,
} as const;

export const summaryQuery = () => queryOptions<AdminSummary>({ queryKey: [adminPaths.summary] });
export const analyticsQuery = (days: number) =>
  queryOptions<AdminAnalytics>({ queryKey: [`${adminPaths.analytics}?days=${days}`] });
export const adminPostQuery = (id: number) =>
  queryOptions<AdminPost>({ queryKey: [adminPaths.post(id)], enabled: Number.isInteger(id) && id > 0 });

/** One page of an admin list; the previous page stays on screen while the next loads. */
export function adminPageQuery<T>(path: string, params: Record<string, string | number | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return queryOptions<Page<T>>({ queryKey: [`${path}?${search}`], placeholderData: keepPreviousData });
}
