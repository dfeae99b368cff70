/**
 * The pages that read through TanStack Query (routes.ts): the blog's list, a project, booking, a testimonial's page, a skill's endorsement page and the owner's dashboard.
 * Their query cache comes from here, not from the root, so a page that reads only through its
 * loader (the home page) never fetches the library (ADR 022).
 */
import { Outlet } from 'react-router';
import { QueryScope } from '../lib/query-scope.tsx';

export default function WithQueries() {
  return (
    <QueryScope>
      <Outlet />
    </QueryScope>
  );
}
