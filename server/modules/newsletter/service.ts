/**
 * The newsletter's service: the list (subscribers.ts), the issues (issues.ts), the CSV (csv.ts),
 * and what the dashboard reads of them together. The sender (sender.ts) and the announcer are
 * the module's jobs.
 */
import type { IssueShown, NewsletterOverview } from '../../../common/schemas/newsletter.ts';
import type { Db } from '../../db/client.ts';
import { enqueueNotification } from '../notifications/service.ts';
import { exportCsv, importCsv } from './csv.ts';
import { issueEmail, type Site } from './email.tsx';
import type { EmailImages } from './email-images.ts';
import { emailBodyHtml, issueDesk, refuseUnsaved } from './issues.ts';
import type { SubscriberLinks } from './links.ts';
import { paths, subscriberList } from './subscribers.ts';

export interface NewsletterOptions {
  db: Db;
  site: Site;
  timeZone: string;
  now: () => Date;
  /** Whether mail leaves at all (SMTP_URL), and where the owner's test goes (NOTIFY_EMAIL). */
  mail: { configured: boolean; owner: string | undefined; rate: number };
  /** An issue was sent (the module drops the cached public reads: its page, the archive, the sitemap). */
  onSent?: (issueId: number) => void;
  /** The subscribers' manage links (links.ts: derived from the server secret). */
  links: SubscriberLinks;
  /** The issue's images as emails show them (email-images.ts); as on the page when absent. */
  images?: EmailImages;
}

export function createNewsletterService({
  db,
  site,
  timeZone,
  now,
  mail,
  onSent,
  links,
  images,
}: NewsletterOptions) {
  const subscribers = subscriberList({ db, site, now, links });
  const issues = issueDesk({ db, site, timeZone, now, ...(onSent ? { onSent } : {}) });

  /** An issue in the real email layout; the owner's copy links to the newsletter page, not to a reader's link. */
  async function emailOf(issue: Awaited<ReturnType<typeof issues.get>>) {
    return issueEmail({
      site,
      subject: issue.subject,
      bodyHtml: await emailBodyHtml(issue.body, site, images),
      webUrl: `${site.url}${issue.status === 'sent' ? paths.issue(issue.slug) : '/newsletter'}`,
      unsubscribeUrl: `${site.url}/newsletter`,
      reason: `You get this because you subscribed to ${site.name}’s newsletter.`,
    });
  }

  return {
    subscribers,
    issues,
    site,

    async overview(): Promise<NewsletterOverview> {
      const [counts, growth, summaries] = await Promise.all([
        subscribers.counts(),
        subscribers.growth(timeZone),
        issues.summaries(),
      ]);
      return { counts, growth, issues: summaries, mailConfigured: mail.configured, rate: mail.rate };
    },

    exportCsv: () => exportCsv(db),
    importCsv: (text: string) => importCsv(db, text, now()),

    /** The issue's email as HTML, for the dashboard's preview. */
    async preview(id: number): Promise<string> {
      return (await emailOf(await issues.get(id))).html;
    },

    /** The issue as an email to the owner's own address, through the outbox (`shown`: as `issues.send`). */
    async testSend(id: number, shown?: IssueShown): Promise<{ to: string }> {
      // Judged before the email is built: a refused test builds nothing.
      const issue = await issues.get(id);
      refuseUnsaved(issue, shown);
      const email = await emailOf(issue);
      await enqueueNotification(db, {
        kind: 'newsletter',
        subject: `[Test] ${issue.subject}`,
        fields: {},
        text: email.text,
        html: email.html,
        sourceId: issue.id,
      });
      return { to: mail.owner ?? '' };
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;

/** The list, as the quote form's newsletter box subscribes through it. */
export type { SubscriberList } from './subscribers.ts';
