/**
 * The Admin Dashboard's sections. Apart from paths.ts so the public pages' code does not carry
 * them (the home page's JS budget is tight; docs/architecture.md).
 */
export const dashboardPaths = {
  moderation: '/admin/blog/moderation',
  inbox: '/admin/blog/inbox',
  pipeline: '/admin/blog/pipeline',
  outbox: '/admin/blog/outbox',
  newsletter: '/admin/blog/newsletter',
  testimonials: '/admin/blog/testimonials',
  bookings: '/admin/blog/bookings',
  resumeRequests: '/admin/blog/resume-requests',
  endorsements: '/admin/blog/endorsements',
  fediverse: '/admin/blog/fediverse',
  analytics: '/admin/blog/analytics',
  data: '/admin/blog/data',
  security: '/admin/blog/security',
} as const;
