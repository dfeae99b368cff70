/** The owner's newsletter: its API paths, reads and requests. */
import { useQuery } from '@tanstack/react-query';
import type {
  ImportReport,
  IssueDraftInput,
  NewsletterOverview,
} from '../../../common/schemas/newsletter.ts';
import { apiRequest, requestJson } from '../../lib/request.ts';
import { ADMIN_PREFIX } from '../admin/api.ts';

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

/** A CSV of addresses, for the import. */
export async function importSubscribers(file: File): Promise<ImportReport> {
  const body = new FormData();
  body.append('file', file, file.name);
  const response = await fetch(newsletterOwnerPaths.import, { method: 'POST', body, credentials: 'include' });
  const answer = (await response.json()) as ImportReport & { message?: string };
  if (!response.ok) throw new Error(answer.message ?? 'The file could not be imported.');
  return answer;
}

/** The owner's newsletter at a glance: the counts, growth and every issue. */
export const useNewsletterOverview = () =>
  useQuery<NewsletterOverview>({ queryKey: [newsletterOwnerPaths.overview] });

/** One of the owner's issues (a draft in the editor). */
export const useOwnerIssue = (id: number | null) =>
  useQuery<OwnerIssue>({ queryKey: [newsletterOwnerPaths.issue(id ?? 0)], enabled: id !== null });

export const saveIssue = (id: number | null, draft: IssueDraftInput) =>
  id === null
    ? requestJson<OwnerIssue>('POST', newsletterOwnerPaths.issues, draft)
    : requestJson<OwnerIssue>('PUT', newsletterOwnerPaths.issue(id), draft);
export const testIssue = (id: number) =>
  requestJson<{ to: string }>('POST', newsletterOwnerPaths.issueAction(id, 'test'));
export const sendIssue = (id: number) =>
  requestJson<OwnerIssue>('POST', newsletterOwnerPaths.issueAction(id, 'send'));
export const discardIssue = (id: number) => apiRequest('DELETE', newsletterOwnerPaths.issue(id));
export const deleteSubscriber = (id: number) => apiRequest('DELETE', newsletterOwnerPaths.subscriber(id));

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
