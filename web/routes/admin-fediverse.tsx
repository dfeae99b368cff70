/** /admin/blog/fediverse: the blog's handle, approval, followers, likes and boosts, and blocks (issue 47). */
import { HydrationBoundary } from '@tanstack/react-query';
import { fediverseSettingsSchema, serverNameSchema } from '../../common/schemas/fediverse.ts';
import { z } from '../../common/schemas/zod.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { FediversePanel } from '../features/fediverse/fediverse-panel.tsx';
import {
  BLOCK_SERVER_FORM,
  blockPath,
  blocksPath,
  FOLLOWER_FORM,
  fediverseOwnerPath,
  followerActionSchema,
  followerPath,
  REACTION_FORM,
  reactionActionSchema,
  reactionPath,
  SETTINGS_FORM,
  UNBLOCK_FORM,
  unblockSchema,
} from '../features/fediverse/owner-api.ts';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import { formAction, routeForm } from '../lib/route-form.server.ts';
import type { Route } from './+types/admin-fediverse';

export async function loader({ context, request }: Route.LoaderArgs) {
  return { dehydrated: await prefetchOwn(context, request, [fediverseOwnerPath]) };
}

/** The settings, each follower's row, each like's row, a server's block and each block's row, with the page's code or without it (ADR 018). */
export const action = formAction({
  [SETTINGS_FORM]: routeForm({
    schema: fediverseSettingsSchema,
    failure: { title: 'Error', fallback: 'The settings could not be saved.' },
    call: (settings) => ({ method: 'PUT', path: fediverseOwnerPath, body: settings }),
  }),
  [FOLLOWER_FORM]: routeForm({
    schema: followerActionSchema,
    failure: { title: 'Error', fallback: 'The follower could not be changed.' },
    call: ({ id, intent }) =>
      intent === 'accept'
        ? { method: 'POST', path: `${followerPath(id)}/accept` }
        : intent === 'remove'
          ? { method: 'DELETE', path: followerPath(id) }
          : {
              method: 'POST',
              path: `${followerPath(id)}/block`,
              body: { scope: intent === 'block' ? 'person' : 'server' },
            },
  }),
  [BLOCK_SERVER_FORM]: routeForm({
    schema: z.object({ server: serverNameSchema }),
    failure: { title: 'Error', fallback: 'The server could not be blocked.' },
    call: ({ server }) => ({ method: 'POST', path: blocksPath, body: { server } }),
  }),
  [REACTION_FORM]: routeForm({
    schema: reactionActionSchema,
    failure: { title: 'Error', fallback: 'The block could not be made.' },
    call: ({ id, intent }) => ({
      method: 'POST',
      path: `${reactionPath(id)}/block`,
      body: { scope: intent === 'block' ? 'person' : 'server' },
    }),
  }),
  [UNBLOCK_FORM]: routeForm({
    schema: unblockSchema,
    failure: { title: 'Error', fallback: 'The block could not be lifted.' },
    call: ({ id }) => ({ method: 'DELETE', path: blockPath(id) }),
  }),
});

export const meta: Route.MetaFunction = adminMeta('Fediverse', dashboardPaths.fediverse);

export default function AdminFediversePage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <FediversePanel />
    </HydrationBoundary>
  );
}
