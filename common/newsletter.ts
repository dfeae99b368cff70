/**
 * The newsletter's choices and answer as every form says them; no schema library, so the sign-up
 * form's code stays small (its schemas are in schemas/newsletter.ts).
 */
export const NEWSLETTER_CADENCES = ['each', 'monthly'] as const;
export type NewsletterCadence = (typeof NEWSLETTER_CADENCES)[number];

/** What each choice means, said wherever a visitor chooses. */
export const CADENCE_LABELS: Record<NewsletterCadence, string> = {
  each: 'Every new post, when it is published',
  monthly: 'A monthly roundup of the month’s posts',
};

/** The last page of past issues the archive pages to (20 a page). */
export const ARCHIVE_MAX_PAGE = 10_000;

/** What every subscribe answers, whatever the address's state: nothing is revealed. */
export const SUBSCRIBE_ANSWER =
  'Almost there: check your inbox and press the link in the email to confirm your subscription.';
