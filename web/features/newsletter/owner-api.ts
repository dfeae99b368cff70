/** The owner's newsletter: its API paths, reads and requests. */
import { useQuery } from '@tanstack/react-query';
import type { NewsletterOverview } from '../../../common/schemas/newsletter.ts';
import { ADMIN_PREFIX } from '../../lib/api.ts';
import { getQueryFn } from '../../lib/request.ts';

/** The owner's newsletter. */
export const newsletterOwnerPaths = {
  overview: `${ADMIN_PREFIX}newsletter`,
  subscribers: `${ADMIN_PREFIX}newsletter/subscribers`,
  subscriber: (id: number) => `${ADMIN_PREFIX}newsletter/subscribers/${id}`,
  csv: `${ADMIN_PREFIX}newsletter/subscribers.csv`,
  import: `${ADMIN_PREFIX}newsletter/import`,
  issues: `${ADMIN_PREFIX}newsletter/issues`,
  issue: (id: number) => `${ADMIN_PREFIX}newsletter/issues/${id}`,
  issueAction: (id: number, action: 'preview' | 'test' | 'send') =>
    `${ADMIN_PREFIX}newsletter/issues/${id}/${action}`,
} as const;

/** The owner's newsletter at a glance: the counts, growth and every issue. */
export const useNewsletterOverview = () =>
  useQuery<NewsletterOverview>({ queryKey: [newsletterOwnerPaths.overview] });

/** One of the owner's issues (a draft in the editor); null once it is deleted. */
export const useOwnerIssue = (id: number | null) =>
  useQuery<OwnerIssue | null>({
    queryKey: [newsletterOwnerPaths.issue(id ?? 0)],
    queryFn: getQueryFn<OwnerIssue>({ on401: 'throw', on404: 'returnNull' }),
    enabled: id !== null,
  });

/** The owner's issue as the API answers it. */
export interface OwnerIssue {
  id: number;
  slug: string;
  kind: 'post' | 'roundup' | 'issue';
  subject: string;
  body: string;
  status: 'draft' | 'sent';
  recipients: number;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
}
