import type { SessionUser } from '../../../common/web-context.ts';
import { useDone } from '../../lib/form-post.ts';
import { DoneNotice } from '../../ui/form-notice.tsx';

/**
 * The spec's sign-in and registration toasts, on the page a sign-in posted without the page's
 * code came back to (the code's own sign-in shows them as toasts).
 */
export function SignedInNotice({ user }: { user: SessionUser | null }) {
  const login = useDone('login');
  const register = useDone('register');
  if (!user || !(login || register)) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4">
      {login ? (
        <DoneNotice title="Login successful" text={`Welcome back, ${user.username}!`} />
      ) : (
        <DoneNotice title="Registration successful" />
      )}
    </div>
  );
}
