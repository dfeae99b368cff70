/** The small forms of one request on the pipeline board (its stage, value, a note): their frame and their error line. */
import type { ReactNode } from 'react';
import type { AdminQuote } from '../../../common/schemas/contact.ts';
import type { RouteFormState } from '../../lib/route-form.tsx';
import { PageForm } from '../../ui/page-form.tsx';

/** One of a request's own forms, posted to the page's action with its code or without it (ADR 018). */
export function RequestForm({
  quote,
  state,
  form,
  name,
  label,
  fieldId,
  className = 'space-y-1',
  children,
}: {
  quote: AdminQuote;
  /** The form's state (useRouteForm). */
  state: RouteFormState;
  form: string;
  /** Its accessible name, before 'the request from <name>' (none where its one field is named so). */
  name?: string;
  /** The visible label of its field (`fieldId`). */
  label: string;
  fieldId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <PageForm
      form={state}
      name={form}
      aria-label={name ? `${name} the request from ${quote.name}` : undefined}
      className={className}
    >
      <input type="hidden" name="quoteId" value={quote.id} />
      <label htmlFor={fieldId} className="text-xs font-medium">
        {label}
      </label>
      {children}
    </PageForm>
  );
}

/** The field's error, named by its `aria-describedby`. */
export function FieldProblem({ fieldId, problem }: { fieldId: string; problem: string | undefined }) {
  if (!problem) return null;
  return (
    <p id={`${fieldId}-error`} className="text-xs font-medium text-destructive">
      {problem}
    </p>
  );
}
