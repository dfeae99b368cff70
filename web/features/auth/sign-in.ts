/**
 * What a passkey sign-in does in the page (it is no form post, so the root's data is not read
 * again by itself): the root's loader is asked again for who is signed in, with the spec's toast;
 * and the toast of a refused sign-in. A password, a code or a registration comes back through /auth's action and
 * SignedInNotice says so. Apart from the auth context (every page's code) so only /auth carries it.
 */
import { useRevalidator } from 'react-router';
import type { SessionUser } from '../../../common/web-context.ts';
import { errorMessage } from '../../lib/request.ts';
import { toast } from '../../ui/use-toast.ts';

export const loginFailed = (failure: unknown, fallback = 'Please check your credentials and try again') =>
  toast({ title: 'Login failed', description: errorMessage(failure) || fallback, variant: 'destructive' });

/** Keeps the account a passkey sign-in answered with, and says so. */
export function useSignedIn() {
  const { revalidate } = useRevalidator();
  return (account: SessionUser) => {
    void revalidate();
    toast({ title: 'Login successful', description: `Welcome back, ${account.username}!` });
  };
}
