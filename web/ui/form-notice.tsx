import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { SIGN_IN_AGAIN } from '../../common/constants.ts';
import type { FormAnswer } from '../lib/form-post.ts';
import { signInPath } from '../lib/paths.ts';
import { cn } from './cn.ts';

/**
 * What the spec's failure toast says, above a form the page's action could not send (a post made
 * before the form's code arrived, or without JavaScript).
 */
export function FormNotice({ answer, className }: { answer: FormAnswer | undefined; className?: string }) {
  if (!answer?.message) return null;
  if (answer.kind === 'confirm') {
    return (
      <div role="status" className={cn('rounded-md border border-primary p-3 text-sm', className)}>
        <p className="font-semibold">{answer.title}</p>
        <p className="mt-1">{answer.message}</p>
      </div>
    );
  }
  if (answer.kind === 'signed-out') {
    return (
      <AlertNotice title={answer.title} message={answer.message} className={className}>
        <SignInBeside />
      </AlertNotice>
    );
  }
  return <AlertNotice title={answer.title} message={answer.message} className={className} />;
}

/**
 * Signing in again in a new tab: this page, and what its forms hold, stays as it is. The tab comes
 * to this page without its query, which may open an editor (a second copy of the work to save).
 */
function SignInBeside() {
  const { pathname } = useLocation();
  return (
    <a
      href={signInPath(pathname)}
      target="_blank"
      rel="noopener"
      className="mt-2 inline-block font-medium text-primary underline underline-offset-2"
    >
      {SIGN_IN_AGAIN}
    </a>
  );
}

/** A failure said above a form: its title and its message. */
export function AlertNotice({
  title,
  message,
  className,
  children,
}: {
  title: string;
  message: string;
  className?: string;
  /** What the visitor can do about it (a link). */
  children?: ReactNode;
}) {
  return (
    <div role="alert" className={cn('rounded-md border border-destructive p-3 text-sm', className)}>
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{message}</p>
      {children}
    </div>
  );
}

/** What the spec's success toast says, on the page a successful post came back to. */
export function DoneNotice({
  title,
  text,
  className,
}: {
  title: string;
  text?: string | undefined;
  className?: string;
}) {
  return (
    <div role="status" className={cn('rounded-md border border-primary bg-card p-3 text-sm', className)}>
      <p className="font-semibold">{title}</p>
      {text && <p className="mt-1 text-muted-foreground">{text}</p>}
    </div>
  );
}

/** Names which of a page's forms was posted, for the page's action. */
export function FormName({ name }: { name: string }) {
  return <input type="hidden" name="_form" value={name} />;
}
