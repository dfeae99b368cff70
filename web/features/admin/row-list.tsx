/**
 * The dashboard's row lists (followers, blocks, mentions): each row is a form of its own that posts to
 * the page (ADR 018), its answer matched to its row by id, a toast and a fresh read once done.
 */

import { dashboardPaths } from '../../lib/admin-paths.ts';
import { type RouteFormState, useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { FormNotice } from '../../ui/form-notice.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { toast } from '../../ui/use-toast.ts';
import { useRefreshAdmin } from './admin-list.tsx';

export function RowList<T extends { id: number }>({
  label,
  rows,
  empty,
  row,
}: {
  label: string;
  rows: T[];
  empty: string;
  row: (item: T) => React.ReactNode;
}) {
  if (rows.length === 0) return <p className="mt-4 text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul aria-label={label} className="mt-4 divide-y divide-border">
      {rows.map((item) => (
        <li key={item.id} className="py-3">
          {row(item)}
        </li>
      ))}
    </ul>
  );
}

/**
 * A row's form: `toastOf` says what the post did (from what was sent); the owner's reads are read
 * again once done, and the public ones under `publicPrefixes`.
 */
export function useRowForm(
  form: string,
  id: number | string,
  toastOf: (sent: FormData | null) => { title: string; description?: string },
  publicPrefixes: string[] = [],
) {
  const refresh = useRefreshAdmin();
  return useRouteForm(form, {
    key: `${form}-${id}`,
    match: (answer) => answer.values.id === String(id),
    onDone: (sent) => {
      toast(toastOf(sent));
      void refresh(...publicPrefixes);
    },
  });
}

/** 'Remove' in a row's form (a calendar feed, a call type): its pending state and any refusal beside it. */
export function RemoveButton({ form }: { form: RouteFormState }) {
  return (
    <>
      <Button type="submit" size="sm" variant="outline" pending={form.pending} pendingText="Removing...">
        Remove
      </Button>
      <FormNotice className="mt-2" answer={form.answer} />
    </>
  );
}

/** A row's form: posted to the section's page under its form's name, with the row's id. */
export function RowForm({
  form,
  id,
  label,
  action = dashboardPaths.fediverse,
  className = 'flex flex-wrap items-center gap-3',
  children,
}: {
  form: RouteFormState;
  id: number | string;
  label: string;
  /** The page whose action takes the form (the fediverse section's unless told). */
  action?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <PageForm form={form} action={action} aria-label={label} className={className}>
      <input type="hidden" name="id" value={id} />
      {children}
    </PageForm>
  );
}
