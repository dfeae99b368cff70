/**
 * The dashboard's summary: what waits for the owner in each domain. Everything else the
 * owner does belongs to its domain's service (posts in blog, moderation in comments, review in
 * contributions, the inbox in contact, the report in analytics, resume requests in resume,
 * endorsements in skills, testimonials in testimonials); this module only guards and routes it.
 */
import type { AdminSummary } from '../../../common/schemas/admin.ts';
import type { CommentService } from '../comments/service.ts';
import type { ContactService } from '../contact/service.ts';
import type { ContributionService } from '../contributions/service.ts';
import type { OutboxService } from '../notifications/service.ts';
import type { ResumeService } from '../resume/service.ts';
import type { TestimonialService } from '../testimonials/service.ts';

export interface SummarySources {
  comments: Pick<CommentService, 'pendingCount'>;
  contributions: Pick<ContributionService, 'pendingCount'>;
  contact: Pick<ContactService, 'unreadCount'>;
  resume: Pick<ResumeService, 'notDownloadedCount'>;
  outbox: Pick<OutboxService, 'counts' | 'mailConfigured'>;
  testimonials: Pick<TestimonialService, 'waitingCount'>;
}

/** The counts in the dashboard's navigation. */
export async function adminSummary({
  comments,
  contributions,
  contact,
  resume,
  outbox,
  testimonials,
}: SummarySources): Promise<AdminSummary> {
  const [
    pendingComments,
    pendingContributions,
    unreadRequests,
    resumeRequestsNotDownloaded,
    mail,
    testimonialsWaiting,
  ] = await Promise.all([
    comments.pendingCount(),
    contributions.pendingCount(),
    contact.unreadCount(),
    resume.notDownloadedCount(),
    outbox.counts(),
    testimonials.waitingCount(),
  ]);
  return {
    pendingComments,
    pendingContributions,
    unreadRequests,
    resumeRequestsNotDownloaded,
    mailConfigured: outbox.mailConfigured,
    outboxPending: mail.pending,
    outboxFailed: mail.failed,
    testimonialsWaiting,
  };
}
