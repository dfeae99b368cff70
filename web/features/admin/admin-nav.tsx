import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { AdminSummary } from '../../../common/schemas/admin.ts';
import { dashboardPaths } from '../../lib/admin-paths.ts';
import { paths } from '../../lib/paths.ts';
import { cn } from '../../ui/cn.ts';
import { useSummary } from './api.ts';

const sections: Array<{ to: string; label: string; waiting?: (summary: AdminSummary) => number }> = [
  { to: paths.adminBlog, label: 'Posts' },
  {
    to: dashboardPaths.moderation,
    label: 'Moderation',
    waiting: (s) => s.pendingComments + s.pendingContributions,
  },
  { to: dashboardPaths.inbox, label: 'Inbox', waiting: (s) => s.unreadRequests },
  { to: dashboardPaths.pipeline, label: 'Pipeline' },
  { to: dashboardPaths.bookings, label: 'Calls' },
  { to: dashboardPaths.testimonials, label: 'Testimonials', waiting: (s) => s.testimonialsWaiting },
  { to: dashboardPaths.resumeRequests, label: 'Resume requests' },
  { to: dashboardPaths.endorsements, label: 'Endorsements' },
  { to: dashboardPaths.fediverse, label: 'Fediverse' },
  { to: dashboardPaths.analytics, label: 'Analytics' },
  { to: dashboardPaths.newsletter, label: 'Newsletter' },
  { to: dashboardPaths.outbox, label: 'Outbox', waiting: (s) => s.outboxFailed },
  { to: dashboardPaths.data, label: 'Your data' },
  { to: dashboardPaths.security, label: 'Security' },
];

export function AdminNav() {
  const { data: summary } = useSummary();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the sections scroll sideways: bring the open one into view (Security is twelfth).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the open section changes
  useEffect(() => {
    const bar = nav.current;
    const current = bar?.querySelector('[aria-current="page"]');
    if (!bar || !current || bar.scrollWidth <= bar.clientWidth) return;
    const offset = current.getBoundingClientRect().left - bar.getBoundingClientRect().left;
    bar.scrollLeft += offset - bar.clientWidth / 3;
  }, [pathname]);
  return (
    // From tablet width up the sections wrap onto a second line instead of hiding past the edge.
    // On a phone the row fades out at the right edge, which says that more sections lie past it
    // (5 of 14 show at 390 px); the row ends with room to scroll its last one clear of the fade.
    <nav
      ref={nav}
      aria-label="Admin sections"
      className="relative mb-8 overflow-x-auto border-b border-border [mask-image:linear-gradient(to_right,black_calc(100%-3rem),transparent)] md:overflow-visible md:[mask-image:none]"
    >
      <ul className="flex min-w-max gap-1 pr-12 md:min-w-0 md:flex-wrap md:pr-0">
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
