/** The home page's own reads, each path written once. */

/** The approved testimonials (or, until the first exists, the samples): GET /api/testimonials. */
export const TESTIMONIALS_PATH = '/api/testimonials';
/** The 'Available for new projects' badge and whether calls can be booked. */
export const BOOKING_STATUS_PATH = '/api/booking/status';
