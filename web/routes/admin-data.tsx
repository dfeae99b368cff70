/** /admin/blog/data: the site's backups, and the posts as Markdown (export, import with a preview). */
import { HydrationBoundary } from '@tanstack/react-query';
import type { ImportResult } from '../../common/schemas/backup.ts';
import { z } from '../../common/schemas/zod.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { DATA_FORMS, dataPaths } from '../features/backup/api.ts';
import { YourData } from '../features/backup/your-data.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';

import { prefetchOwn } from '../lib/prefetch.ts';
import { fileUpload, formAction, routeForm } from '../lib/route-form.server.ts';
import type { Route } from './+types/admin-data';

export async function loader({ context, request }: Route.LoaderArgs) {
  return { dehydrated: await prefetchOwn(context, request, [dataPaths.backups]) };
}

/**
 * 'Back up now', and the Markdown import, with the page's code or without it (ADR 018): the zip comes
 * with the post (multipart, as the browser or the page's code sent it) and goes on to the same
 * import route, as a preview or for real as the pressed button says; the page shows what it did,
 * file by file.
 */
export const action = formAction({
  [DATA_FORMS.backup]: routeForm({
    schema: z.object({}),
    failure: { title: 'Error', fallback: 'The backup could not be written.' },
    call: () => ({ method: 'POST', path: dataPaths.backups }),
  }),
  [DATA_FORMS.import]: routeForm({
    schema: z.object({ dryRun: z.enum(['true', 'false']).default('true') }),
    failure: { title: 'Error', fallback: 'The posts could not be imported.' },
    call: ({ dryRun }, { form }) =>
      fileUpload(form, `${dataPaths.postsImport}?dryRun=${dryRun}`, 'Choose a zip of Markdown posts first.'),
    show: (answer, { dryRun }) => ({
      results: (answer as { results: ImportResult[] }).results,
      dryRun: dryRun === 'true',
    }),
  }),
});

export const meta: Route.MetaFunction = adminMeta('Your data', dashboardPaths.data);

export default function AdminDataPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <YourData />
    </HydrationBoundary>
  );
}
