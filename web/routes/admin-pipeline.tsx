/** /admin/blog/pipeline: quote requests by stage, the time to first reply, and results by month. */
import { HydrationBoundary } from '@tanstack/react-query';
import { dashboardAction, idOf, type Problem } from '../features/admin/dashboard-form.server.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { contactOwnerPaths } from '../features/contact/owner-api.ts';
import { PIPELINE_FORMS, PipelineBoard } from '../features/contact/pipeline.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import type { Route } from './+types/admin-pipeline';

export async function loader({ context, request }: Route.LoaderArgs) {
  return { dehydrated: await prefetchOwn(context, request, [contactOwnerPaths.pipeline]) };
}

/** The request a row's form names, or why it names none. */
const quoteOf = (fields: Record<string, string>): number | Problem => {
  const id = idOf(fields.quoteId);
  return Number.isNaN(id) ? { problem: 'That request is not on the board.' } : id;
};

/** A value as the script reads it: empty clears it; '$4,500' is 4500; anything else the API refuses. */
const dollarsOf = (typed: string | undefined) => {
  const text = (typed ?? '').trim();
  if (text === '') return null;
  const value = Number(text.replace(/[$,\s]/g, ''));
  return Number.isNaN(value) ? text : value;
};

/** A row's stage, value and note without the page's code: the same calls as the board's script. */
export const action = dashboardAction({
  [PIPELINE_FORMS.stage]: {
    failure: { title: 'Error', fallback: 'The request could not be moved.' },
    call: (fields) => {
      const id = quoteOf(fields);
      if (typeof id !== 'number') return id;
      return { method: 'PATCH', path: contactOwnerPaths.quote(id), body: { stage: fields.stage } };
    },
  },
  [PIPELINE_FORMS.value]: {
    failure: { title: 'Error', fallback: 'The value could not be saved.' },
    call: (fields) => {
      const id = quoteOf(fields);
      if (typeof id !== 'number') return id;
      return { method: 'PATCH', path: contactOwnerPaths.quote(id), body: { value: dollarsOf(fields.value) } };
    },
  },
  [PIPELINE_FORMS.note]: {
    failure: { title: 'Error', fallback: 'The note could not be added.' },
    call: (fields) => {
      const id = quoteOf(fields);
      if (typeof id !== 'number') return id;
      return { method: 'POST', path: contactOwnerPaths.quoteNotes(id), body: { note: fields.note ?? '' } };
    },
  },
});

export const meta: Route.MetaFunction = adminMeta('Pipeline', dashboardPaths.pipeline);

export default function AdminPipelinePage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <PipelineBoard />
    </HydrationBoundary>
  );
}
