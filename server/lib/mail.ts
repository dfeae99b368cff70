/**
 * Mail in one place (issue 44): the process's one SMTP transport. Every outbox (the owner's
 * notifications, the newsletter's deliveries) is delivered from the site's job queue
 * (server/lib/job-queue.ts).
 */
import nodemailer, { type Transporter } from 'nodemailer';

/** What the senders use of a transport (a test may hand in its own). */
export type MailTransport = Pick<Transporter, 'sendMail' | 'close'>;

/**
 * The process's transport to SMTP_URL, pooled: a newsletter send to thousands and the owner's
 * notifications reuse a few connections instead of opening one per message.
 */
export function createMailTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport(pooled(smtpUrl));
}

/** The SMTP address with nodemailer's `pool=true`. */
export function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  url.searchParams.set('pool', 'true');
  return url.toString();
}

/** Whether an SMTP failure is permanent (5xx): the address is refused, not the moment. */
export const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};
