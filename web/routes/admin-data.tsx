/** /admin/blog/data: the site's backups, and the posts as Markdown (export, import with a preview). */
import { HydrationBoundary } from '@tanstack/react-query';
import { dashboardAction, shownOnce } from '../features/admin/dashboard-form.server.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { dataPaths } from '../features/backup/api.ts';
import { DATA_FORMS, type ImportResult, YourData } from '../features/backup/your-data.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { failed, isOk, refused } from '../lib/form-action.server.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import type { Route } from './+types/admin-data';

export async function loader({ context, request }: Route.LoaderArgs) {
  return { dehydrated: await prefetchOwn(context, request, [dataPaths.backups]) };
}

const backUp = dashboardAction({
  [DATA_FORMS.backup]: {
    failure: { title: 'Error', fallback: 'The backup could not be written.' },
    call: () => ({ method: 'POST', path: dataPaths.backups }),
  },
});

/**
 * 'Back up now', and the Markdown import without the page's code: the zip comes with the post
 * (multipart, as the browser sent it) and goes on to the same import route, as a preview or for
 * real as the pressed button says; the page shows what it did, file by file.
 */
export async function action(args: Route.ActionArgs) {
  const { context, request } = args;
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) return backUp(args);
  const failure = { title: 'Error', fallback: 'The posts could not be imported.' };
  const posted = await request.formData();
  if (posted.get('_form') !== DATA_FORMS.import) return refused('', {}, 400, failure.title, failure.fallback);
  const file = posted.get('file');
  if (!(file instanceof File) || file.size === 0) {
    return refused(DATA_FORMS.import, {}, 400, failure.title, 'Choose a zip of Markdown posts first.');
  }
  const dryRun = posted.get('dryRun') !== 'false';
  const upload = new FormData();
  upload.append('file', file, file.name);
  const encoded = new Response(upload);
  const answer = await context.sendApi(
    'POST',
    `${dataPaths.postsImport}?dryRun=${dryRun}`,
    new Uint8Array(await encoded.arrayBuffer()),
    encoded.headers.get('content-type') ?? 'multipart/form-data',
  );
  if (!isOk(answer)) return failed(DATA_FORMS.import, {}, answer, failure);
  const results = (answer.body as { results: ImportResult[] }).results;
  return shownOnce(DATA_FORMS.import, {}, { results, dryRun });
}

export const meta: Route.MetaFunction = adminMeta('Your data', dashboardPaths.data);

export default function AdminDataPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <YourData />
    </HydrationBoundary>
  );
}
