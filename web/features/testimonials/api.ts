/** Verified testimonials: the client's private link and the owner's requests, their paths and reads. */
import { useQuery } from '@tanstack/react-query';
import type { AdminTestimonial, TestimonialInvite } from '../../../common/schemas/testimonials.ts';
import { ADMIN_PREFIX } from '../../lib/api.ts';

/** A client's private link to write (or change, or withdraw) their testimonial. */
export const testimonialRequestPath = (token: string) =>
  `/api/testimonial-requests/${encodeURIComponent(token)}`;

/** The owner's testimonial requests. */
export const testimonialPaths = {
  testimonials: `${ADMIN_PREFIX}testimonials`,
  testimonial: (id: number) => `${ADMIN_PREFIX}testimonials/${id}`,
  testimonialAction: (id: number, action: 'approve' | 'hide' | 'link') =>
    `${ADMIN_PREFIX}testimonials/${id}/${action}`,
} as const;

/** The request behind a client's link (read on the server as the visitor, so the page is whole in its HTML). */
export const useTestimonialInvite = (token: string, enabled: boolean, initial?: TestimonialInvite | null) =>
  useQuery<TestimonialInvite>({
    queryKey: [testimonialRequestPath(token)],
    enabled,
    retry: false,
    ...(initial ? { initialData: initial } : {}),
  });
/** A client's forms in their private page's action: the testimonial, and withdrawing it. */
export const TESTIMONIAL_FORM = 'testimonial';
export const WITHDRAW_FORM = 'withdraw';

export const useTestimonialRequests = () =>
  useQuery<AdminTestimonial[]>({ queryKey: [testimonialPaths.testimonials] });
/**
 * The owner's forms in the testimonials page's action: ask a client; a new link for one asked;
 * approve what came, take it off the site, delete a request (asked first: `?delete=<id>`).
 */
export const TESTIMONIAL_ADMIN_FORMS = {
  ask: 'ask',
  newLink: 'new-link',
  approve: 'testimonial-approve',
  hide: 'testimonial-hide',
  delete: 'testimonial-delete',
} as const;
export const DELETE_TESTIMONIAL_PARAM = 'delete';
