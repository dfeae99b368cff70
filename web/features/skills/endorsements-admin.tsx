/** The endorsements of each skill, as the owner sees them: an abusive one can be removed (the skill's count follows). */

import { useSearchParams } from 'react-router';
import { MAX_RATING } from '../../../common/constants.ts';
import type { AdminEndorsement } from '../../../common/schemas/skills.ts';
import { useAsking, useDone } from '../../lib/form-post.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmStep, useConfirmStep } from '../../ui/confirm-step.tsx';
import { DoneNotice } from '../../ui/form-notice.tsx';
import { Link } from '../../ui/link.tsx';
import { When } from '../../ui/when.tsx';
import { AdminSection, useAdminList, useFilterParam, useRefreshAdmin } from '../admin/admin-list.tsx';
import { ENDORSEMENTS_PATH, SKILLS_PATH } from './api.ts';
import {
  endorsementOwnerPaths,
  REMOVE_ENDORSEMENT_FORM,
  REMOVE_ENDORSEMENT_PARAM,
  useSkillsByCategory,
} from './owner-api.ts';

export function Endorsements() {
  const skills = useSkillsByCategory();
  const allSkills = skills.data
    ? [...skills.data.frontend, ...skills.data.backend, ...skills.data.devops]
    : [];
  const skill = useFilterParam('skill', ['', ...allSkills.map((skill) => String(skill.id))], '');
  const query = useAdminList<AdminEndorsement>(endorsementOwnerPaths.endorsements, {
    skillId: skill.value || undefined,
  });
  const removed = useDone(REMOVE_ENDORSEMENT_FORM);
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
      notice={removed && <DoneNotice className="mb-3" title="Endorsement removed" />}
      filter={{
        id: 'endorsement-skill',
        label: 'Skill',
        options: skillOptions,
        ...skill,
      }}
    >
      {(endorsements) => (
        <ul aria-label="Endorsements" className="divide-y divide-border">
          {endorsements.map((endorsement) => (
            <EndorsementRow key={endorsement.id} endorsement={endorsement} />
          ))}
        </ul>
      )}
    </AdminSection>
  );
}

/** One endorsement, and 'Remove' (asked first, on the page at the endorsement). */
function EndorsementRow({ endorsement }: { endorsement: AdminEndorsement }) {
  const [params] = useSearchParams();
  const asking = useAsking(REMOVE_ENDORSEMENT_PARAM, String(endorsement.id));
  const refresh = useRefreshAdmin();
  const whose = `${endorsement.name}’s endorsement of ${endorsement.skillName}`;
  const remove = useConfirmStep(REMOVE_ENDORSEMENT_FORM, {
    id: String(endorsement.id),
    done: { title: 'Endorsement removed', description: whose },
    onDone: () => void refresh(SKILLS_PATH, ENDORSEMENTS_PATH),
  });
  return (
    <li id={`endorsement-${endorsement.id}`} className="flex scroll-mt-4 flex-wrap items-start gap-3 py-4">
      <article aria-label={`${endorsement.name} on ${endorsement.skillName}`} className="mr-auto min-w-0">
        <p className="font-medium">
          {endorsement.skillName} ·{' '}
          <span className="sr-only">
            rated {endorsement.rating} out of {MAX_RATING}
          </span>
          <span aria-hidden="true">
            {'★'.repeat(endorsement.rating)}
            <span className="text-muted-foreground">{'★'.repeat(MAX_RATING - endorsement.rating)}</span>
          </span>
        </p>
        <p className="text-sm">
          {endorsement.name}{' '}
          <a href={`mailto:${endorsement.email}`} className="text-primary underline underline-offset-2">
            {endorsement.email}
          </a>
        </p>
        {endorsement.comment && <p className="mt-1 whitespace-pre-line break-words">{endorsement.comment}</p>}
        <p className="mt-1 text-xs text-muted-foreground">
          <When iso={endorsement.createdAt} /> · IP {endorsement.ipAddress ?? 'not recorded'}
        </p>
      </article>
      {params.get(REMOVE_ENDORSEMENT_PARAM) === String(endorsement.id) ? (
        <ConfirmStep
          step={remove}
          param={REMOVE_ENDORSEMENT_PARAM}
          question={`Remove ${whose}? The skill’s count goes down by one.`}
          confirm={['Yes, remove it', 'Removing...']}
          className="basis-full"
        />
      ) : (
        <Button asChild size="sm" variant="destructive">
          {/* The question is on the page, at the endorsement: a link, so it works without the page's code. */}
          <Link
            to={`${asking}#endorsement-${endorsement.id}`}
            preventScrollReset
            aria-label={`Remove ${whose}`}
          >
            Remove
          </Link>
        </Button>
      )}
    </li>
  );
}
