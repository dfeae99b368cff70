/**
 * The client's side of a testimonial, through its private link: what the link shows, sending or
 * changing the words, and withdrawing them.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TestimonialInvite, testimonialSubmissionSchema } from '../../../common/schemas/testimonials.ts';
import { testimonials } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { enqueueNotification } from '../notifications/service.ts';
import { iso, NOTHING_TO_WITHDRAW, TESTIMONIAL_NOT_FOUND, type TestimonialContext } from './context.ts';

type Submission = z.output<typeof testimonialSubmissionSchema>;

export function clientLink({ db, options, now, forgetShown }: TestimonialContext) {
  async function byToken(token: string) {
    // A token is 43 URL-safe characters; anything else cannot match and is not looked up.
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound(TESTIMONIAL_NOT_FOUND);
    const [row] = await db
      .select()
      .from(testimonials)
      .where(eq(testimonials.tokenHash, sha256Hex(token)));
    if (!row) throw notFound(TESTIMONIAL_NOT_FOUND);
    return row;
  }

  async function invite(token: string): Promise<TestimonialInvite> {
    const row = await byToken(token);
    return {
      clientName: row.clientName,
      ownerName: options.ownerName,
      status: row.status,
      name: row.name,
      role: row.role,
      company: row.company,
      quote: row.quote,
      rating: row.rating,
      submittedAt: iso(row.submittedAt),
    };
  }

  return {
    /** What the private link shows. */
    invite,

    /**
     * The client sends (or changes) their testimonial. The same words sent again change nothing
     * (a second click, a reload); changed words wait for the owner's approval again.
     */
    async submit(token: string, input: Submission): Promise<TestimonialInvite> {
      const row = await byToken(token);
      const values = {
        name: input.name,
        role: input.role ?? null,
        company: input.company ?? null,
        quote: input.quote,
        rating: input.rating,
      };
      const unchanged =
        (row.status === 'submitted' || row.status === 'approved') &&
        (Object.keys(values) as (keyof typeof values)[]).every((key) => row[key] === values[key]);
      if (unchanged) return invite(token);
      await db.transaction(async (tx) => {
        await tx
          .update(testimonials)
          .set({ ...values, status: 'submitted', submittedAt: now(), approvedAt: null, withdrawnAt: null })
          .where(eq(testimonials.id, row.id));
        await enqueueNotification(tx, {
          kind: 'testimonial',
          sourceId: row.id,
          subject:
            row.status === 'approved'
              ? `${input.name} changed their testimonial: approve it again`
              : `New testimonial from ${input.name}: approve it to show it`,
          fields: {
            Name: input.name,
            Role: input.role,
            Company: input.company,
            Rating: input.rating === null ? undefined : `${input.rating} of 5`,
            Testimonial: input.quote,
            Approve: `${options.siteUrl}/admin/blog/testimonials`,
          },
        });
      });
      if (row.status === 'approved') forgetShown();
      return invite(token);
    },

    /** The client takes their testimonial back: it leaves the site at once. Twice changes nothing. */
    async withdraw(token: string): Promise<TestimonialInvite> {
      const row = await byToken(token);
      if (row.status === 'requested') throw new HttpError(409, NOTHING_TO_WITHDRAW);
      if (row.status !== 'withdrawn') {
        await db
          .update(testimonials)
          .set({ status: 'withdrawn', withdrawnAt: now(), approvedAt: null })
          .where(eq(testimonials.id, row.id));
        if (row.status === 'approved') forgetShown();
      }
      return invite(token);
    },
  };
}
