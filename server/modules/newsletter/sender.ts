/**
 * Delivers the newsletter's outbox (newsletter_deliveries) over the process's one transport at a
 * set rate, across every process on the database, with the site's job queue (server/lib/job-queue.ts):
 * a sender takes rows under a transaction-scoped advisory lock, counting what every process took
 * in the last window, so two processes together keep to the rate; rows are claimed with a lease,
 * so no two senders hold the same row. Each
 * message goes to one reader with its own List-Unsubscribe link (RFC 8058 one-click). A 4xx answer
 * or a dropped connection is retried later (backoff, then 'failed'); a 5xx is a bounce: the
 * delivery is marked bounced, and an address that bounced three times is not mailed again.
 */
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers } from '../../db/schema.ts';
import { errorText, jobQueue, queueRunner } from '../../lib/job-queue.ts';
import { isPermanent, type MailTransport } from '../../lib/mail.ts';
import { issueEmail, type Site } from './email.tsx';
import type { EmailImages } from './email-images.ts';
import { emailBodyHtml } from './issues.ts';
import type { SubscriberLinks } from './links.ts';
import { paths } from './subscribers.ts';

export { MAX_ATTEMPTS } from '../../lib/job-queue.ts';
export { isPermanent } from '../../lib/mail.ts';

/** Bounces after which an address is not mailed again. */
export const MAX_BOUNCES = 3;
/** Messages on their way at once (over the transport's pooled connections). */
const CONCURRENT_SENDS = 5;
/**
 * How long an idle sender waits before looking again (a retry's time coming): a look is a short
 * transaction, which on the embedded database holds the process's one thread. A send queued here
 * or in another process wakes it at once (`wake`).
 */
export const IDLE_LOOK_MS = 15_000;
/** Any number that names this lock among the site's (pg_advisory_xact_lock). */
const RATE_LOCK = 35_035;
const TOKEN = '__SUBSCRIBER_TOKEN__';

interface Claimed {
  id: number;
  issue_id: number;
  attempts: number;
  email: string;
  token: string;
  subscriber_id: number;
  subscriber_status: string;
}

interface Prepared {
  subject: string;
  html: string;
  text: string;
}

export interface SenderOptions {
  db: Db;
  transport: MailTransport;
  /** The From address ('Name <a@b>' or 'a@b'); its address also takes mailto unsubscribes. */
  from: string;
  /** Messages per second, all processes together. */
  rate: number;
  site: Site;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Each reader's manage link (footer, List-Unsubscribe): derived, never stored (links.ts). */
  links: SubscriberLinks;
  /** The issue's images as emails show them (email-images.ts); as on the page when absent. */
  images?: EmailImages;
}

const reasons = (site: Site) => ({
  post: `You get this because you chose every new post from ${site.name}’s blog.`,
  roundup: `You get this because you chose a monthly roundup of ${site.name}’s blog.`,
  issue: `You get this because you subscribed to ${site.name}’s newsletter.`,
});

export function createNewsletterSender({
  db,
  transport,
  from,
  rate,
  site,
  log,
  links,
  images,
}: SenderOptions) {
  // A rate under one a second counts over a longer window: 0.5 a second is one every 2 seconds.
  const windowMs = rate >= 1 ? 1000 : Math.ceil(1000 / rate);
  const perWindow = Math.max(1, Math.floor((rate * windowMs) / 1000));
  const mailbox = from.match(/<([^>]+)>/)?.[1] ?? from;
  const prepared = new Map<number, Promise<Prepared>>();

  /** An issue's email, rendered once, with a stand-in for each reader's token. */
  function prepare(issueId: number): Promise<Prepared> {
    let found = prepared.get(issueId);
    if (!found) {
      found = (async () => {
        const [issue] = await db
          .select()
          .from(newsletterIssues)
          .where(sql`${newsletterIssues.id} = ${issueId}`);
        if (!issue) throw new Error(`issue ${issueId} not found`);
        const email = await issueEmail({
          site,
          subject: issue.subject,
          bodyHtml: await emailBodyHtml(issue.body, site, images),
          webUrl: `${site.url}${paths.issue(issue.slug)}`,
          unsubscribeUrl: `${site.url}${paths.manage(TOKEN)}`,
          reason: reasons(site)[issue.kind],
        });
        return { subject: issue.subject, ...email };
      })();
      found.catch(() => prepared.delete(issueId));
      prepared.set(issueId, found);
      // A handful of issues at a time at most; the oldest is forgotten first.
      if (prepared.size > 8) prepared.delete(prepared.keys().next().value as number);
    }
    return found;
  }

  /** Whether the last look found the window's allowance spent (so there is more to send soon). */
  let limited = false;

  const queue = jobQueue(db, newsletterDeliveries);

  /** Takes what this window still allows, counted over every process's takes. */
  async function claim(): Promise<Claimed[]> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${RATE_LOCK})`);
      const recent = await tx.execute(sql`
        select count(*)::int as n from ${newsletterDeliveries}
        where claimed_at > clock_timestamp() - ${`${windowMs} milliseconds`}::interval`);
      const taken = (recent as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
      const budget = perWindow - taken;
      limited = budget <= 0;
      const rows = await queue.claim<Omit<Claimed, 'email' | 'token' | 'subscriber_status'>>(
        budget,
        sql`id, issue_id, attempts, subscriber_id`,
        { handle: tx, set: sql`claimed_at = clock_timestamp()` },
      );
      if (rows.length === 0) return [];
      const readers = await tx
        .select({
          id: newsletterSubscribers.id,
          email: newsletterSubscribers.email,
          status: newsletterSubscribers.status,
        })
        .from(newsletterSubscribers)
        .where(
          inArray(
            newsletterSubscribers.id,
            rows.map((row) => row.subscriber_id),
          ),
        );
      const byId = new Map(readers.map((reader) => [reader.id, reader]));
      return rows.flatMap((row) => {
        const reader = byId.get(row.subscriber_id);
        return reader
          ? [
              {
                ...row,
                email: reader.email,
                token: links.manageToken(reader.id),
                subscriber_status: reader.status,
              },
            ]
          : [];
      });
    });
  }

  async function deliver(row: Claimed): Promise<'sent' | 'skipped' | 'retry' | 'failed' | 'bounced'> {
    if (row.subscriber_status !== 'confirmed') {
      await db.execute(
        sql`update ${newsletterDeliveries} set status = 'failed', last_error = 'Not on the list any more' where id = ${row.id}`,
      );
      return 'skipped';
    }
    const attempts = row.attempts + 1;
    try {
      const email = await prepare(row.issue_id);
      const personal = (text: string) => text.replaceAll(TOKEN, row.token);
      const unsubscribe = `${site.url}${paths.oneClick(row.token)}`;
      await transport.sendMail({
        from,
        to: row.email,
        subject: email.subject,
        html: personal(email.html),
        text: personal(email.text),
        headers: {
          'List-Unsubscribe': `<${unsubscribe}>, <mailto:${mailbox}?subject=unsubscribe%20${row.token}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'List-Id': `${site.name} <newsletter.${new URL(site.url).hostname}>`,
        },
      });
      await queue.sent(row.id, attempts);
      return 'sent';
    } catch (error) {
      const message = errorText(error);
      if (isPermanent(error)) {
        await db.transaction(async (tx) => {
          await tx.execute(
            sql`update ${newsletterDeliveries} set status = 'bounced', attempts = ${attempts}, last_error = ${message} where id = ${row.id}`,
          );
          await tx.execute(sql`
            update ${newsletterSubscribers}
            set bounces = bounces + 1,
                status = case when bounces + 1 >= ${MAX_BOUNCES} and status = 'confirmed' then 'bounced' else status end
            where id = ${row.subscriber_id}`);
        });
        log.warn({ deliveryId: row.id, err: message }, 'newsletter email bounced');
        return 'bounced';
      }
      const status = await queue.failed(row.id, attempts, error);
      log.warn({ deliveryId: row.id, attempts, status, err: message }, 'newsletter email failed');
      return status;
    }
  }

  /** Sends what the rate allows now, a few at a time; returns each outcome. */
  async function runOnce(): Promise<Record<string, number>> {
    const outcomes: Record<string, number> = {};
    const rows = await claim();
    const next = async (): Promise<void> => {
      const row = rows.shift();
      if (!row) return;
      const outcome = await deliver(row);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      return next();
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_SENDS, rows.length) }, next));
    return outcomes;
  }

  // Several looks per window while there is mail: looking once a window lands on its edge, where
  // the last take still counts, and sends at half the rate.
  const runner = queueRunner({
    round: async () => Object.keys(await runOnce()).length > 0 || limited,
    idleMs: IDLE_LOOK_MS,
    busyMs: Math.max(100, Math.min(windowMs, 1000) / 4),
    onError: (error) => log.error({ err: error }, 'newsletter sender run failed'),
  });

  return {
    runOnce,
    windowMs,
    /** Looks now: an issue was just queued. */
    wake: runner.wake,
    start: runner.start,
    stop: runner.stop,
  };
}

export type NewsletterSender = ReturnType<typeof createNewsletterSender>;
