/** /admin/blog/pipeline: quote requests by stage, the time to first reply, and results by month. */
import { HydrationBoundary } from '@tanstack/react-query';
import {
  quoteNoteFormSchema,
  quoteStageFormSchema,
  quoteValueFormSchema,
} from '../../common/schemas/contact.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { contactOwnerPaths, PIPELINE_FORMS } from '../features/contact/owner-api.ts';
import { PipelineBoard } from '../features/contact/pipeline.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import { formAction, routeForm } from '../lib/route-form.server.ts';
import type { Route } from './+types/admin-pipeline';

export async function loader({ context, request }: Route.LoaderArgs) {
  return { dehydrated: await prefetchOwn(context, request, [contactOwnerPaths.pipeline]) };
}

/** A row's stage, value and note, with the page's code or without it (ADR 018). */
export const action = formAction({
  [PIPELINE_FORMS.stage]: routeForm({
    schema: quoteStageFormSchema,
    failure: { title: 'Error', fallback: 'The request could not be moved.' },
    call: ({ quoteId, stage }) => ({
      method: 'PATCH',
      path: contactOwnerPaths.quote(quoteId),
      body: { stage },
    }),
  }),
  [PIPELINE_FORMS.value]: routeForm({
    schema: quoteValueFormSchema,
    failure: { title: 'Error', fallback: 'The value could not be saved.' },
    call: ({ quoteId, value }) => ({
      method: 'PATCH',
      path: contactOwnerPaths.quote(quoteId),
      body: { value },
    }),
  }),
  [PIPELINE_FORMS.note]: routeForm({
    schema: quoteNoteFormSchema,
    failure: { title: 'Error', fallback: 'The note could not be added.' },
    call: ({ quoteId, note }) => ({
      method: 'POST',
      path: contactOwnerPaths.quoteNotes(quoteId),
      body: { note },
    }),
  }),
});

export const meta: Route.MetaFunction = adminMeta('Pipeline', dashboardPaths.pipeline);

export default function AdminPipelinePage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <PipelineBoard />
    </HydrationBoundary>
  );
}
