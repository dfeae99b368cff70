import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * Every page of spec section 2, plus the footer's legal pages; anything else is the not-found page.
 * The pages that read through the query cache sit in the with-queries layout (ADR 022).
 */
export default [
  index('routes/home.tsx'),
  layout('routes/with-queries.tsx', [
    route('projects/:id', 'routes/project.tsx'),
    route('blog', 'routes/blog.tsx'),
    route('blog/tag/:tag', 'routes/blog.tsx', { id: 'blog-tag' }),
    route('skills/:id/endorse', 'routes/endorse.tsx'),
    route('testimonial/:token', 'routes/testimonial.tsx'),
    route('book-a-call', 'routes/book-a-call.tsx'),
    route('booking/:token', 'routes/booking.tsx'),
    // A read-only link to the analytics: the owner's report components, which read through the cache.
    route('shared/analytics/:token', 'routes/shared-analytics.tsx'),
    route('admin/blog', 'routes/admin-blog.tsx', [
      index('routes/admin-posts.tsx'),
      route('moderation', 'routes/admin-moderation.tsx'),
      route('inbox', 'routes/admin-inbox.tsx'),
      route('pipeline', 'routes/admin-pipeline.tsx'),
      route('newsletter', 'routes/admin-newsletter.tsx'),
      route('outbox', 'routes/admin-outbox.tsx'),
      route('testimonials', 'routes/admin-testimonials.tsx'),
      route('bookings', 'routes/admin-bookings.tsx'),
      route('resume-requests', 'routes/admin-resume-requests.tsx'),
      route('endorsements', 'routes/admin-endorsements.tsx'),
      route('fediverse', 'routes/admin-fediverse.tsx'),
      route('analytics', 'routes/admin-analytics.tsx'),
      route('data', 'routes/admin-data.tsx'),
      route('security', 'routes/admin-security.tsx'),
    ]),
  ]),
  route('blog/:slug', 'routes/blog-post.tsx'),
  route('auth', 'routes/auth.tsx'),
  route('resume', 'routes/resume.tsx'),
  route('generate-images', 'routes/generate-images.tsx'),
  route('recommendations', 'routes/recommendations.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('contribute', 'routes/contribute.tsx'),
  route('newsletter', 'routes/newsletter.tsx'),
  route('newsletter/confirm/:token', 'routes/newsletter-link.tsx', { id: 'newsletter-confirm' }),
  route('newsletter/unsubscribe/:token', 'routes/newsletter-link.tsx', { id: 'newsletter-unsubscribe' }),
  route('newsletter/:slug', 'routes/newsletter-issue.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
