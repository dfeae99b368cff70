/** The endorsements of each skill, as the owner sees them: an abusive one can be removed (the skill's count follows). */
import { MAX_RATING } from '../../../common/constants.ts';
import type { AdminEndorsement } from '../../../common/schemas/skills.ts';
import { Button } from '../../ui/button.tsx';
import { When } from '../../ui/when.tsx';
import { AdminSection, useAdminAction, useAdminList, useFilterParam } from '../admin/admin-list.tsx';
import { ENDORSEMENTS_PATH, SKILLS_PATH } from './api.ts';
import { endorsementOwnerPaths, removeEndorsement, useSkillsByCategory } from './owner-api.ts';

export function Endorsements() {
  const skills = useSkillsByCategory();
  const allSkills = skills.data
    ? [...skills.data.frontend, ...skills.data.backend, ...skills.data.devops]
    : [];
  const [skillId, setSkillId] = useFilterParam(
    'skill',
    ['', ...allSkills.map((skill) => String(skill.id))],
    '',
  );
  const query = useAdminList<AdminEndorsement>(endorsementOwnerPaths.endorsements, {
    skillId: skillId || undefined,
  });
  const remove = useAdminAction(
    (endorsement: AdminEndorsement) => removeEndorsement(endorsement.id),
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
      filter={{
        id: 'endorsement-skill',
        label: 'Skill',
        value: skillId,
        options: skillOptions,
        onChange: setSkillId,
      }}
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
