/** /admin/blog/endorsements. */
import { HydrationBoundary } from '@tanstack/react-query';
import { z } from '../../common/schemas/zod.ts';
import { ADMIN_PAGE_SIZE } from '../features/admin/admin-list.tsx';
import { listParams, listPath } from '../features/admin/list-params.server.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { SKILLS_PATH } from '../features/skills/api.ts';
import { Endorsements } from '../features/skills/endorsements-admin.tsx';
import {
  endorsementOwnerPaths,
  REMOVE_ENDORSEMENT_FORM,
  REMOVE_ENDORSEMENT_PARAM,
} from '../features/skills/owner-api.ts';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import { doneWithout, formAction, routeForm } from '../lib/route-form.server.ts';
import type { Route } from './+types/admin-endorsements';

export async function loader({ context, request }: Route.LoaderArgs) {
  const list = listParams(request);
  // Any skill the address names: the list's own filter checks it against the skills once live.
  const skill = list.raw('skill');
  const path = listPath(endorsementOwnerPaths.endorsements, {
    skillId: skill && /^\d{1,9}$/.test(skill) ? skill : undefined,
    page: list.page(),
    pageSize: ADMIN_PAGE_SIZE,
  });
  return { dehydrated: await prefetchOwn(context, request, [SKILLS_PATH, path]) };
}

/** An endorsement's removal, with the page's code or without it (ADR 018). */
export const action = formAction({
  [REMOVE_ENDORSEMENT_FORM]: routeForm({
    schema: z.object({ id: z.coerce.number().int().positive() }),
    failure: { title: 'Error', fallback: 'The endorsement could not be removed.' },
    call: ({ id }) => ({ method: 'DELETE', path: endorsementOwnerPaths.endorsement(id) }),
    doneAt: doneWithout(REMOVE_ENDORSEMENT_PARAM, REMOVE_ENDORSEMENT_FORM),
  }),
});

export const meta: Route.MetaFunction = adminMeta('Endorsements', dashboardPaths.endorsements);

export default function AdminEndorsementsPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <Endorsements />
    </HydrationBoundary>
  );
}
