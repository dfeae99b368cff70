/** Verified testimonials: the client's private link and the owner's requests, their paths and reads. */
import { useQuery } from '@tanstack/react-query';
import type { AdminTestimonial, TestimonialInvite } from '../../../common/schemas/testimonials.ts';
import { ADMIN_PREFIX } from '../../lib/api.ts';
import { apiRequest } from '../../lib/request.ts';

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
export const approveTestimonial = (id: number) =>
  apiRequest('POST', testimonialPaths.testimonialAction(id, 'approve'));
export const hideTestimonial = (id: number) =>
  apiRequest('POST', testimonialPaths.testimonialAction(id, 'hide'));
/** The owner's forms in the testimonials page's action: ask a client; a new link for one asked. */
export const TESTIMONIAL_ADMIN_FORMS = { ask: 'ask', newLink: 'new-link' } as const;
export const deleteTestimonial = (id: number) => apiRequest('DELETE', testimonialPaths.testimonial(id));
