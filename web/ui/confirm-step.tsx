import type { ReactNode } from 'react';
import { usePageAction } from '../lib/form-post.ts';
import { type RouteFormOptions, useRouteForm } from '../lib/route-form.tsx';
import { Button } from './button.tsx';
import { FormName, FormNotice } from './form-notice.tsx';
import { Link } from './link.tsx';

/**
 * The confirmation of a step that cannot be undone (cancel a call, withdraw a testimonial): a form
 * posted to the page's action, with the page's code or without it (ADR 018), and 'Keep it', a link
 * back to the page without its `?change=...`.
 */
export function ConfirmStep({
  form,
  question,
  confirm,
  done,
  onDone,
  fields = {},
  className,
}: {
  /** The form's name in the page's action. */
  form: string;
  question: ReactNode;
  /** The button's text, and its text while the step is sent. */
  confirm: [string, string];
  /** The spec's toast once it is done, and what else happens then. */
  done: RouteFormOptions['done'];
  onDone?: () => void;
  /** Hidden fields the step posts besides its name (the row it is about). */
  fields?: Record<string, string>;
  className?: string;
}) {
  const step = useRouteForm(form, { done, ...(onDone ? { onDone } : {}) });
  const action = usePageAction();
  return (
    <step.Form ref={step.formRef} method="post" action={action} preventScrollReset className={className}>
      <FormName name={form} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <fieldset className="rounded-lg border border-destructive p-4">
        <legend className="px-1 text-sm font-medium">{question}</legend>
        <FormNotice answer={step.answer} className="mt-2" />
        <div className="mt-3 flex flex-wrap gap-3">
          <Button type="submit" variant="destructive" pending={step.pending} pendingText={confirm[1]}>
            {confirm[0]}
          </Button>
          <KeepLink>Keep it</KeepLink>
        </div>
      </fieldset>
    </step.Form>
  );
}

/** Back to the page without its `?change=...`: a link, so it works before the page's code arrives. */
export function KeepLink({ children }: { children: ReactNode }) {
  return (
    <Button asChild variant="outline">
      <Link to="?" replace preventScrollReset>
        {children}
      </Link>
    </Button>
  );
}
