import type { ReactNode } from 'react';
import { useAsking, usePageAction } from '../lib/form-post.ts';
import { type RouteFormOptions, type RouteFormState, useRouteForm } from '../lib/route-form.tsx';
import { Button } from './button.tsx';
import { FormNotice } from './form-notice.tsx';
import { Link } from './link.tsx';
import { PageForm } from './page-form.tsx';

/** A confirm step's form, kept by what stays on the page once its question is gone. */
export interface ConfirmStepForm {
  /** The row it is about, posted as `id`. */
  id: string | undefined;
  state: RouteFormState;
}

/**
 * The form of a step that cannot be undone, held by the row (or page) that asks the question: a
 * success comes back without the question, so the step itself is gone by then, and its toast and
 * `onDone` come from here.
 */
export function useConfirmStep(
  form: string,
  { id, done, onDone }: { id?: string; done: RouteFormOptions['done']; onDone?: () => void },
): ConfirmStepForm {
  const state = useRouteForm(form, {
    done,
    ...(onDone ? { onDone } : {}),
    ...(id === undefined ? {} : { key: `${form}-${id}`, match: (answer) => answer.values.id === id }),
  });
  return { id, state };
}

/**
 * The confirmation of a step that cannot be undone (cancel a call, withdraw a testimonial): a form
 * posted to the page's action, with the page's code or without it (ADR 018), and 'Keep it', a link
 * back to the page without the question (`?<param>=...`; the list's page and filters kept).
 */
export function ConfirmStep({
  step: { id, state: step },
  question,
  confirm,
  param,
  index = false,
  className,
}: {
  /** Its form (`useConfirmStep`, in the row or page that stays). */
  step: ConfirmStepForm;
  question: ReactNode;
  /** The button's text, and its text while the step is sent. */
  confirm: [string, string];
  /** The address parameter that asks the question: 'Keep it' takes only it away (else the whole query). */
  param?: string;
  /** The page is an index route (its action is `?index`). */
  index?: boolean;
  className?: string;
}) {
  const action = usePageAction({ index });
  const keep = useAsking(param ?? '', null);
  return (
    <PageForm form={step} action={action} className={className}>
      {id === undefined ? null : <input type="hidden" name="id" value={id} />}
      <fieldset className="rounded-lg border border-destructive p-4">
        <legend className="px-1 text-sm font-medium">{question}</legend>
        <FormNotice answer={step.answer} className="mt-2" />
        <div className="mt-3 flex flex-wrap gap-3">
          <Button type="submit" variant="destructive" pending={step.pending} pendingText={confirm[1]}>
            {confirm[0]}
          </Button>
          <KeepLink to={param ? keep : '?'}>Keep it</KeepLink>
        </div>
      </fieldset>
    </PageForm>
  );
}

/** Back to the page without its question (`?change=...`): a link, so it works before the page's code arrives. */
export function KeepLink({ children, to = '?' }: { children: ReactNode; to?: string }) {
  return (
    <Button asChild variant="outline">
      <Link to={to} replace preventScrollReset>
        {children}
      </Link>
    </Button>
  );
}
