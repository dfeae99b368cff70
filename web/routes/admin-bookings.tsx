/** /admin/blog/bookings: the calls booked through 'Book a call', and when visitors can book them. */

import { BookingsAdmin } from '../features/admin/bookings.tsx';
import { adminMeta } from '../features/admin/meta.ts';
import { dashboardPaths } from '../lib/admin-paths.ts';
import type { Route } from './+types/admin-bookings';

export const meta: Route.MetaFunction = adminMeta('Calls', dashboardPaths.bookings);

export default function AdminBookingsPage() {
  return <BookingsAdmin />;
}
