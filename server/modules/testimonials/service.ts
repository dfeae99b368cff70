/**
 * Verified testimonials (issue 21, point 3). The owner asks a named client, optionally about a
 * won quote request; the site makes a private link (only its SHA-256 is stored) and, given an
 * address, emails it through the outbox. The client writes name, role, company, their words and
 * an optional rating through the link, may change them or withdraw them later through the same
 * link; the owner approves. The home page shows the approved ones, newest first; until the first
 * exists, the placeholders of content/testimonials.ts. Put together from its parts (issue 63): the
 * owner's requests (owner-requests.ts) and the client's link (client-link.ts), over one context.
 */
import { desc, eq } from 'drizzle-orm';
import type { ShownTestimonial } from '../../../common/schemas/testimonials.ts';
import type { Db } from '../../db/client.ts';
import { testimonials } from '../../db/schema.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import { clientLink } from './client-link.ts';
import { iso, type TestimonialContext, type TestimonialOptions } from './context.ts';
import { ownerRequests } from './owner-requests.ts';

export {
  NOT_SUBMITTED,
  NOTHING_TO_WITHDRAW,
  TESTIMONIAL_LINK_PATH,
  TESTIMONIAL_NOT_FOUND,
  type TestimonialOptions,
} from './context.ts';

export const TESTIMONIALS_CACHE_KEY = 'testimonials';
/** The most the home page shows. */
export const SHOWN_TESTIMONIALS = 6;
export function createTestimonialService(db: Db, cache: ReadCache, options: TestimonialOptions) {
  const context: TestimonialContext = {
    db,
    options,
    now: options.now ?? (() => new Date()),
    forgetShown: () => cache.invalidate(TESTIMONIALS_CACHE_KEY),
  };

  return {
    ...ownerRequests(context),
    ...clientLink(context),

    /** The home page's testimonials: the approved ones, or the placeholders until one exists. */
    async shown(): Promise<ShownTestimonial[]> {
      const rows = await db
        .select({
          name: testimonials.name,
          role: testimonials.role,
          company: testimonials.company,
          quote: testimonials.quote,
          rating: testimonials.rating,
          submittedAt: testimonials.submittedAt,
        })
        .from(testimonials)
        .where(eq(testimonials.status, 'approved'))
        .orderBy(desc(testimonials.approvedAt), desc(testimonials.id))
        .limit(SHOWN_TESTIMONIALS);
      if (rows.length === 0) {
        return options.placeholders.map((placeholder) => ({
          ...placeholder,
          company: null,
          rating: null,
          verified: false,
          date: null,
        }));
      }
      return rows.map((row) => ({
        quote: row.quote ?? '',
        name: row.name ?? '',
        role: row.role ?? '',
        company: row.company,
        rating: row.rating,
        verified: true,
        date: iso(row.submittedAt),
      }));
    },
  };
}

export type TestimonialService = ReturnType<typeof createTestimonialService>;
