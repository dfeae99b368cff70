import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { SessionUser } from '../../../common/web-context.ts';
import { useDone } from '../../lib/form-post.ts';
import { DoneNotice } from '../../ui/form-notice.tsx';
import { toast } from '../../ui/use-toast.ts';
import { useAuth } from '../layout/auth-provider.tsx';

/** What the page says after a sign-in, a registration or a sign-out, or null. */
function noticeOf(
  user: SessionUser | null,
  done: { login: boolean; register: boolean; logout: boolean },
): { title: string; description?: string } | null {
  if (user && done.login)
    return { title: 'Login successful', description: `Welcome back, ${user.username}!` };
  if (user && done.register) return { title: 'Registration successful' };
  if (!user && done.logout)
    return { title: 'Logged out', description: 'You have been successfully logged out' };
  return null;
}

/**
 * The spec's 'Login successful', 'Registration successful' and 'Logged out' toasts on the page a
 * sign-in (home, `?done=login|register`) or a sign-out (where the visitor was, `?done=logout`)
 * comes back to. Reached in the page (its code live: the form's own part is gone by then, so
 * it is said here), a toast; a page loaded as a whole (without code, or reloaded), the same
 * words in the page.
 */
export function SignedInNotice() {
  const { user } = useAuth();
  const location = useLocation();
  const notice = noticeOf(user, {
    login: useDone('login'),
    register: useDone('register'),
    logout: useDone('logout'),
  });
  // The location this page was rendered at (the server's, then the same one hydrated) shows the
  // words in the page; any later one was navigated to in the page. (Not React Router's 'default'
  // key: ScrollRestoration gives the first entry a key of its own before hydration.)
  const first = useRef(location.key);
  const inPage = location.key !== first.current;
  const told = useRef<string | null>(null);
  const title = notice?.title;
  const description = notice?.description;
  useEffect(() => {
    if (!inPage || !title || told.current === location.key) return;
    told.current = location.key;
    toast({ title, ...(description ? { description } : {}) });
  }, [inPage, title, description, location.key]);
  if (inPage || !notice) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6">
      <DoneNotice title={notice.title} text={notice.description} />
    </div>
  );
}
