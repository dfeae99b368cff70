/**
 * Records the owner keeps an eye on: who asked for the resume (and whether they
 * downloaded it), and the endorsements of each skill, where an abusive one can be
 * removed (the skill's count follows).
 */
import { useQuery } from '@tanstack/react-query';
import { MAX_RATING } from '../../../common/constants.ts';
import type { AdminResumeRequest } from '../../../common/schemas/resume.ts';
import type { AdminEndorsement } from '../../../common/schemas/skills.ts';
import { apiRequest } from '../../lib/request.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { RESUME_PURPOSE_LABELS } from '../contact/options.ts';
import { ENDORSEMENTS_PATH, SKILLS_PATH, skillsByCategoryQuery } from '../skills/api.ts';
import {
  ADMIN_PAGE_SIZE,
  AdminSection,
  FilterSelect,
  useAdminAction,
  useAdminPage,
  useFilterParam,
  usePageParam,
  When,
} from './admin-list.tsx';
import { adminPaths } from './api.ts';

export function ResumeRequests() {
  const [page] = usePageParam();
  const query = useAdminPage<AdminResumeRequest>(adminPaths.resumeRequests, {
    page,
    pageSize: ADMIN_PAGE_SIZE,
  });
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

export function Endorsements() {
  const [page] = usePageParam();
  const skills = useQuery(skillsByCategoryQuery());
  const allSkills = skills.data
    ? [...skills.data.frontend, ...skills.data.backend, ...skills.data.devops]
    : [];
  const [skillId, setSkillId] = useFilterParam(
    'skill',
    ['', ...allSkills.map((skill) => String(skill.id))],
    '',
  );
  const query = useAdminPage<AdminEndorsement>(adminPaths.endorsements, {
    skillId: skillId || undefined,
    page,
    pageSize: ADMIN_PAGE_SIZE,
  });
  const remove = useAdminAction(
    (endorsement: AdminEndorsement) => apiRequest('DELETE', adminPaths.endorsement(endorsement.id)),
    (endorsement) => ({
      title: 'Endorsement removed',
      description: `${endorsement.name}’s endorsement of ${endorsement.skillName}`,
    }),
    [SKILLS_PATH, ENDORSEMENTS_PATH],
  );
  const skillOptions: Record<string, string> = { '': 'All skills' };
  for (const skill of allSkills) {
    skillOptions[String(skill.id)] =
      `${skill.name} (${skill.endorsement_count} endorsement${skill.endorsement_count === 1 ? '' : 's'})`;
  }

  return (
    <AdminSection
      id="endorsements"
      title="Endorsements"
      description="Removing an endorsement lowers the skill’s count on the home page."
      query={query}
      empty="No endorsements here yet."
      filters={
        <FilterSelect
          id="endorsement-skill"
          label="Skill"
          value={skillId}
          options={skillOptions}
          onChange={setSkillId}
        />
      }
    >
      {(endorsements) => (
        <ul aria-label="Endorsements" className="divide-y divide-border">
          {endorsements.map((endorsement) => (
            <li key={endorsement.id} className="flex flex-wrap items-start gap-3 py-4">
              <article
                aria-label={`${endorsement.name} on ${endorsement.skillName}`}
                className="mr-auto min-w-0"
              >
                <p className="font-medium">
                  {endorsement.skillName} ·{' '}
                  <span className="sr-only">
                    rated {endorsement.rating} out of {MAX_RATING}
                  </span>
                  <span aria-hidden="true">
                    {'★'.repeat(endorsement.rating)}
                    <span className="text-muted-foreground">
                      {'★'.repeat(MAX_RATING - endorsement.rating)}
                    </span>
                  </span>
                </p>
                <p className="text-sm">
                  {endorsement.name}{' '}
                  <a
                    href={`mailto:${endorsement.email}`}
                    className="text-primary underline underline-offset-2"
                  >
                    {endorsement.email}
                  </a>
                </p>
                {endorsement.comment && (
                  <p className="mt-1 whitespace-pre-line break-words">{endorsement.comment}</p>
                )}
                <p className="mt-1 text-xs text-muted-foreground">
                  <When iso={endorsement.createdAt} /> · IP {endorsement.ipAddress ?? 'not recorded'}
                </p>
              </article>
              <Button
                size="sm"
                variant="destructive"
                disabled={remove.isPending}
                aria-label={`Remove ${endorsement.name}’s endorsement of ${endorsement.skillName}`}
                onClick={() => {
                  if (window.confirm(`Remove ${endorsement.name}’s endorsement of ${endorsement.skillName}?`))
                    remove.mutate(endorsement);
                }}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  );
}
