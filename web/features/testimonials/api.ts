/** Verified testimonials: the client's private link and the owner's requests, their paths and reads. */
import { useQuery } from '@tanstack/react-query';
import type {
  AdminTestimonial,
  TestimonialInvite,
  TestimonialLink,
  TestimonialRequestInput,
  TestimonialSubmissionInput,
} from '../../../common/schemas/testimonials.ts';
import { apiRequest, requestJson } from '../../lib/request.ts';
import { ADMIN_PREFIX } from '../admin/api.ts';

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
export const sendTestimonial = (token: string, testimonial: TestimonialSubmissionInput) =>
  requestJson<TestimonialInvite>('POST', testimonialRequestPath(token), testimonial);
export const withdrawTestimonial = (token: string) =>
  requestJson<TestimonialInvite>('POST', `${testimonialRequestPath(token)}/withdraw`);

/** Every request the owner sent, and what came back. */
export const useTestimonialRequests = () =>
  useQuery<AdminTestimonial[]>({ queryKey: [testimonialPaths.testimonials] });
export const askForTestimonial = (request: TestimonialRequestInput) =>
  requestJson<TestimonialLink>('POST', testimonialPaths.testimonials, request);
export const approveTestimonial = (id: number) =>
  apiRequest('POST', testimonialPaths.testimonialAction(id, 'approve'));
export const hideTestimonial = (id: number) =>
  apiRequest('POST', testimonialPaths.testimonialAction(id, 'hide'));
export const newTestimonialLink = (id: number) =>
  requestJson<TestimonialLink>('POST', testimonialPaths.testimonialAction(id, 'link'));
export const deleteTestimonial = (id: number) => apiRequest('DELETE', testimonialPaths.testimonial(id));
