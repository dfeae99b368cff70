/** The dashboard's navigation: one link per section, with how many things wait in it. */
import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import type { AdminSummary } from '../../../common/schemas/admin.ts';
import { paths } from '../../lib/paths.ts';
import { cn } from '../../ui/cn.ts';
import { summaryQuery } from './api.ts';

const sections: Array<{ to: string; label: string; waiting?: (summary: AdminSummary) => number }> = [
  { to: paths.adminBlog, label: 'Posts' },
  {
    to: paths.admin.moderation,
    label: 'Moderation',
    waiting: (s) => s.pendingComments + s.pendingContributions,
  },
  { to: paths.admin.inbox, label: 'Inbox', waiting: (s) => s.unreadRequests },
  { to: paths.admin.pipeline, label: 'Pipeline' },
  { to: paths.admin.resumeRequests, label: 'Resume requests' },
  { to: paths.admin.endorsements, label: 'Endorsements' },
  { to: paths.admin.analytics, label: 'Analytics' },
  { to: paths.admin.outbox, label: 'Outbox', waiting: (s) => s.outboxFailed },
];

export function AdminNav() {
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
