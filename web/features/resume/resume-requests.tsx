import type { AdminResumeRequest } from '../../../common/schemas/resume.ts';
import { RESUME_PURPOSE_LABELS } from '../../lib/option-labels.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { When } from '../../ui/when.tsx';
import { AdminSection, useAdminList } from '../admin/admin-list.tsx';
import { resumeOwnerPaths } from './api.ts';

export function ResumeRequests() {
  const query = useAdminList<AdminResumeRequest>(resumeOwnerPaths.resumeRequests);
  return (
    <AdminSection
      id="resume-requests"
      title="Resume requests"
      description="Who asked for your resume, why, and whether they downloaded it."
      query={query}
      empty="Nobody has requested the resume yet."
    >
      {(requests) => (
        <div className="overflow-x-auto">
          <DataTable
            caption="Resume requests, newest first"
            rows={requests}
            rowKey={(request) => request.id}
            columns={[
              {
                key: 'who',
                header: 'Who',
                cell: (request) => (
                  <>
                    <span className="font-medium">{request.name}</span>
                    <br />
                    <a href={`mailto:${request.email}`} className="text-primary underline underline-offset-2">
                      {request.email}
                    </a>
                  </>
                ),
              },
              { key: 'company', header: 'Company', cell: (request) => request.company || '—' },
              {
                key: 'purpose',
                header: 'Purpose',
                cell: (request) =>
                  RESUME_PURPOSE_LABELS[request.purpose as keyof typeof RESUME_PURPOSE_LABELS] ??
                  request.purpose,
              },
              {
                key: 'message',
                header: 'Message',
                className: 'max-w-xs whitespace-pre-line break-words',
                cell: (request) => request.message || '—',
              },
              {
                key: 'requested',
                header: 'Requested',
                className: 'whitespace-nowrap',
                cell: (request) => <When iso={request.createdAt} />,
              },
              {
                key: 'downloaded',
                header: 'Downloaded',
                className: 'whitespace-nowrap',
                cell: (request) =>
                  request.accessed && request.accessedAt ? (
                    <>
                      Yes, <When iso={request.accessedAt} />
                    </>
                  ) : (
                    'Not yet'
                  ),
              },
            ]}
          />
        </div>
      )}
    </AdminSection>
  );
}
