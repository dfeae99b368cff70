/** The small forms of one request on the pipeline board (its value, a note): their frame and their error line. */
import type { FormEvent, ReactNode } from 'react';
import type { AdminQuote } from '../../../common/schemas/contact.ts';
import { usePageAction } from '../../lib/form-post.ts';
import { FormName } from '../../ui/form-notice.tsx';

/** One of a request's own forms: it posts to the page without JavaScript and is checked and sent with it. */
export function RequestForm({
  quote,
  form,
  name,
  label,
  fieldId,
  className = 'space-y-1',
  onSubmit,
  children,
}: {
  quote: AdminQuote;
  form: string;
  /** Its accessible name, before 'the request from <name>' (none where its one field is named so). */
  name?: string;
  /** The visible label of its field (`fieldId`). */
  label: string;
  fieldId: string;
  className?: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const pageAction = usePageAction();
  return (
    <form
      method="post"
      action={pageAction}
      onSubmit={onSubmit}
      noValidate
      aria-label={name ? `${name} the request from ${quote.name}` : undefined}
      className={className}
    >
      <FormName name={form} />
      <input type="hidden" name="quoteId" value={quote.id} />
      <label htmlFor={fieldId} className="text-xs font-medium">
        {label}
      </label>
      {children}
    </form>
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
