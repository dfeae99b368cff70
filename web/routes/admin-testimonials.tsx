/** /admin/blog/testimonials: ask clients for verified testimonials and approve what they send. */
import { adminMeta } from '../features/admin/meta.ts';
import { TestimonialsAdmin } from '../features/admin/testimonials.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';
import type { Route } from './+types/admin-testimonials';

export const meta: Route.MetaFunction = adminMeta('Testimonials', dashboardPaths.testimonials);

export default function AdminTestimonialsPage() {
  return <TestimonialsAdmin />;
}
