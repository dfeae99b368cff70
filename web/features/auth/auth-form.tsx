/**
 * A form of the sign-in page: it posts there, and its success is a page of its own. It carries the
 * page the visitor came to sign in from (`?back=`, a page of this site: `localPath`), which its
 * success (or a visitor already signed in) goes back to.
 */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { BACK_PARAM, localPath, signInPath } from '../../lib/paths.ts';
import type { RouteFormState } from '../../lib/route-form.tsx';
import { PageForm } from '../../ui/page-form.tsx';

/** The page to go back to once signed in, when the address names one of this site's. */
export function useBack(): string | null {
  const [params] = useSearchParams();
  return localPath(params.get(BACK_PARAM));
}

/** Posted to the sign-in page (its `tab`), with the page to go back to. */
export function AuthForm({
  tab,
  children,
  ...props
}: {
  form: RouteFormState;
  id: string;
  className: string;
  tab?: 'register';
  children: ReactNode;
}) {
  const back = useBack();
  return (
    <PageForm preventScrollReset={false} action={signInPath(back, tab)} {...props}>
      {back ? <input type="hidden" name="back" value={back} /> : null}
      {children}
    </PageForm>
  );
}
