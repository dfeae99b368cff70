/**
 * /skills/{id}/endorse: one skill's endorsement form on a page of its own, where the home page's
 * 'Endorse this skill' link leads before the skills' code has arrived (or without JavaScript).
 * The form posts here; once live, the home page opens the same form in its dialog instead.
 */

import { data } from 'react-router';
import { SKILL_CATEGORIES } from '../../common/constants.ts';
import type { PublicEndorsement } from '../../common/schemas/skills.ts';
import { groupSkills } from '../../common/skills.ts';
import { NotFoundContent } from '../features/layout/not-found-content.tsx';
import { useStaticCopy } from '../features/layout/static-copy.ts';
import { StaticNotice } from '../features/layout/static-notice.tsx';
import { ENDORSE_FORM, endorsementsPath, endorsePath, SKILLS_PATH } from '../features/skills/api.ts';
import { EndorseForm, RecentEndorsements } from '../features/skills/endorse-form.tsx';
import { endorseForms } from '../features/skills/skills-forms.server.ts';
import { DONE_PARAM, useDone } from '../lib/form-post.ts';
import { paths } from '../lib/paths.ts';
import { formAction } from '../lib/route-form.server.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { DoneNotice } from '../ui/form-notice.tsx';
import { Link } from '../ui/link.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/endorse';

async function findSkill(context: Route.LoaderArgs['context'], raw: string) {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) return null;
  const grouped = groupSkills(await context.readApi<unknown>(SKILLS_PATH));
  return SKILL_CATEGORIES.flatMap((category) => grouped[category]).find((skill) => skill.id === id) ?? null;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const skill = await findSkill(context, params.id);
  if (!skill) return data({ skill: null, recent: null }, { status: 404 });
  return { skill, recent: await context.readApi<PublicEndorsement[]>(endorsementsPath(skill.id)) };
}

/** The endorsement, with the page's code or without it (ADR 018), with the bot check. */
export const action = formAction(
  endorseForms((skillId) => `${endorsePath(skillId)}?${DONE_PARAM}=${ENDORSE_FORM}`),
);

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const site = rootDataOf(matches).site;
  const skill = loaderData?.skill;
  return pageMeta({
    site,
    title: skill ? `Endorse ${skill.name}` : '404 Page Not Found',
    description: skill ? `Worked with me on ${skill.name}? Rate it and say a word.` : '',
    path: location.pathname,
    // The home page's skills section is the page to find; this one is its form.
    noindex: true,
  });
};

export default function EndorsePage({ loaderData }: Route.ComponentProps) {
  const { skill, recent } = loaderData;
  const staticCopy = useStaticCopy();
  const done = useDone(ENDORSE_FORM);
  if (!skill) return <NotFoundContent />;
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <PageHeader title={`Endorse this skill: ${skill.name}`}>
        Worked with me on {skill.name}? Rate it and say a word.
      </PageHeader>
      {done ? (
        <DoneNotice title="Endorsement submitted" text={`Thank you for endorsing ${skill.name}!`} />
      ) : null}
      {staticCopy ? (
        <StaticNotice feature="Endorsing a skill" className="mt-5" />
      ) : (
        <EndorseForm skill={skill} action={endorsePath(skill.id)} />
      )}
      <RecentEndorsements skillId={skill.id} initial={recent} headingLevel={2} />
      <Link to={paths.section('skills')} className="mt-8 inline-block text-sm text-primary hover:underline">
        Back to Skills
      </Link>
    </div>
  );
}
