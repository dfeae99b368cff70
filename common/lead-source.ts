/** How the owner reads a quote request's source (the email, the inbox and the pipeline's cards). */
import { sourceValueLabel } from './channels.ts';
import type { LeadSource } from './schemas/contact.ts';

/** ' and 2 more' when the visit read other posts or projects than the last. */
function more(source: LeadSource): string {
  const others = (source.reads ?? []).filter((read) => read !== source.lastRead).length;
  return others > 0 ? ` and ${others} more` : '';
}

/**
 * Whether a lead's first touch says something its own source does not: another visit that reads
 * otherwise (two visits that came the same way would show the owner the same line twice).
 */
export const firstTouchDiffers = (quote: { leadSource: LeadSource | null; firstTouch: LeadSource | null }) =>
  Boolean(
    quote.firstTouch &&
      quote.leadSource &&
      quote.firstTouch.startedAt !== quote.leadSource.startedAt &&
      describeSource(quote.firstTouch) !== describeSource(quote.leadSource),
  );

/**
 * One line: 'newsletter / email (fall-tune-up), landed on /, read /blog/x and 2 more, from
 * United States'.
 */
export function describeSource(source: LeadSource): string {
  const campaign = [source.utmSource, source.utmMedium].filter(Boolean).join(' / ');
  const from = campaign
    ? `${campaign}${source.utmCampaign ? ` (${source.utmCampaign})` : ''}`
    : (source.referrer ?? 'direct');
  return [
    from,
    source.landingPage ? `landed on ${source.landingPage}` : '',
    source.lastRead ? `read ${source.lastRead}${more(source)}` : '',
    source.country ? `from ${sourceValueLabel('country', source.country)}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}
