import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { FormAnswer } from '../lib/form-post.ts';
import { Button } from './button.tsx';
import { FormName, FormNotice } from './form-notice.tsx';

/**
 * The confirmation of a step that cannot be undone (cancel a call, withdraw a testimonial): a form
 * that posts to `action` without the page's code (ADR 013), and 'Keep it', a link back to the page
 * without its `?change=...`. With the code, `onConfirm` sends it instead.
 */
export function ConfirmStep({
  form,
  action,
  question,
  answer,
  confirm,
  pending,
  onConfirm,
  className,
}: {
  /** The form's name in the page's action. */
  form: string;
  action: string;
  question: ReactNode;
  /** The page's answer to a post of it that was refused. */
  answer: FormAnswer | undefined;
  /** The button's text, and its text while the step is sent. */
  confirm: [string, string];
  pending: boolean;
  onConfirm: () => void;
  className?: string;
}) {
  return (
    <form
      method="post"
      action={action}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
    >
      <FormName name={form} />
      <fieldset className="rounded-lg border border-destructive p-4">
        <legend className="px-1 text-sm font-medium">{question}</legend>
        <FormNotice answer={answer} className="mt-2" />
        <div className="mt-3 flex flex-wrap gap-3">
          <Button type="submit" variant="destructive" pending={pending} pendingText={confirm[1]}>
            {confirm[0]}
          </Button>
          <KeepLink>Keep it</KeepLink>
        </div>
      </fieldset>
    </form>
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
