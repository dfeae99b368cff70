/**
 * /admin/blog and its sub-pages: the owner's dashboard. Without a user it
 * redirects to /auth (on the server, and in the browser after logging out
 * here); a signed-in user who is not an admin is told so, and the server
 * refuses every admin API call the same way. The navigation shows what waits.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NavLink, Outlet, redirect, useNavigate } from 'react-router';
import type { AdminSummary } from '../../common/schemas/admin.ts';
import type { WebLoadContext } from '../../common/web-context.ts';
import { summaryQuery } from '../features/admin/api.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { useAuth } from '../features/auth/auth-provider.tsx';
import { useStaticCopy } from '../features/layout/static-copy.ts';
import { StaticNotice } from '../features/layout/static-notice.tsx';
import { paths } from '../lib/paths.ts';
import { cn } from '../ui/cn.ts';
import { PageHeader } from '../ui/page-header.tsx';
import { Spinner } from '../ui/spinner.tsx';
import type { Route } from './+types/admin-blog';

export function loader({ context }: Route.LoaderArgs) {
  const web = context as unknown as WebLoadContext;
  // The static copy renders the page with its notice: there is no one to sign in there.
  if (!web.user && !web.staticCopy) throw redirect(paths.auth);
  return null;
}

export const meta: Route.MetaFunction = adminMeta(null, paths.adminBlog);

const sections: Array<{ to: string; label: string; waiting?: (summary: AdminSummary) => number }> = [
  { to: paths.adminBlog, label: 'Posts' },
  {
    to: paths.admin.moderation,
    label: 'Moderation',
    waiting: (s) => s.pendingComments + s.pendingContributions,
  },
  { to: paths.admin.inbox, label: 'Inbox', waiting: (s) => s.unreadRequests },
  { to: paths.admin.resumeRequests, label: 'Resume requests' },
  { to: paths.admin.endorsements, label: 'Endorsements' },
  { to: paths.admin.analytics, label: 'Analytics' },
];

function AdminNav() {
  const { data: summary } = useQuery(summaryQuery());
  return (
    <nav aria-label="Admin sections" className="mb-8 overflow-x-auto border-b border-border">
      <ul className="flex min-w-max gap-1">
        {sections.map((section) => {
          const waiting = summary && section.waiting ? section.waiting(summary) : 0;
          return (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end
                className={({ isActive }) =>
                  cn(
                    '-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium transition-colors',
                    isActive
                      ? 'border-primary text-foreground'
                      : 'border-transparent text-muted-foreground hover:text-foreground',
                  )
                }
              >
                {section.label}
                {waiting > 0 && (
                  <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">
                    {waiting}
                    <span className="sr-only"> waiting</span>
                  </span>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export default function AdminLayout() {
  const { user, isLoading } = useAuth();
  const staticCopy = useStaticCopy();
  const navigate = useNavigate();
  useEffect(() => {
    if (!isLoading && !user && !staticCopy) navigate(paths.auth, { replace: true });
  }, [user, isLoading, staticCopy, navigate]);

  if (staticCopy) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <PageHeader title="Admin Dashboard" />
        <StaticNotice feature="The Admin Dashboard" />
      </div>
    );
  }
  if (isLoading || !user) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Checking your account" />
      </div>
    );
  }
  if (!user.isAdmin) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <div role="alert" className="rounded-lg border border-destructive p-6">
          <h1 className="text-2xl font-bold">Not authorised</h1>
          <p className="mt-2 text-muted-foreground">You are not authorised to view this page.</p>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <PageHeader title="Admin Dashboard">Run the site: posts, moderation, requests and visits.</PageHeader>
      <AdminNav />
      <Outlet />
    </div>
  );
}
