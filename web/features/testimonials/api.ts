/** Verified testimonials: the client's private link and the owner's requests, their paths and reads. */
import { ADMIN_PREFIX } from '../admin/api.ts';

/** The owner's testimonial requests. */
export const testimonialPaths = {
  testimonials: `${ADMIN_PREFIX}testimonials`,
  testimonial: (id: number) => `${ADMIN_PREFIX}testimonials/${id}`,
  testimonialAction: (id: number, action: 'approve' | 'hide' | 'link') =>
    `${ADMIN_PREFIX}testimonials/${id}/${action}`,
} as const;
