/** How the owner reads a quote request's source (the email, the inbox and the pipeline's cards). */
import type { LeadSource } from './schemas/contact.ts';

/** One line: 'newsletter / email (fall-tune-up), landed on /, read /blog/x'. */
export function describeSource(source: LeadSource): string {
  const campaign = [source.utmSource, source.utmMedium].filter(Boolean).join(' / ');
  const from = campaign
    ? `${campaign}${source.utmCampaign ? ` (${source.utmCampaign})` : ''}`
    : (source.referrer ?? 'direct');
  return [
    from,
    source.landingPage ? `landed on ${source.landingPage}` : '',
    source.lastRead ? `read ${source.lastRead}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}
