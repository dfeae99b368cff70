/**
 * /admin/blog and its sub-pages: the owner's dashboard. Without a user it
 * redirects to /auth, which comes back to the page once signed in (on the
 * server, and in the browser after logging out here), but for a form posted after the session
 * ended, which it keeps to send again (`SignedOutPost`); a signed-in user who is not an admin is told so, and the server
 * refuses every admin API call the same way. The navigation shows what waits.
 */
import { HydrationBoundary } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, redirect, useLocation, useNavigate } from 'react-router';
import { AdminNav } from '../features/admin/admin-nav.tsx';
import { adminPaths } from '../features/admin/api.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { SignedOutPost } from '../features/admin/signed-out-post.tsx';
import { useAuth } from '../features/layout/auth-provider.tsx';
import { useStaticCopy } from '../features/layout/static-copy.ts';
import { StaticNotice } from '../features/layout/static-notice.tsx';
import { MailNotice } from '../features/notifications/outbox.tsx';
import { isFormAnswer } from '../lib/form-post.ts';
import { paths, signInPath } from '../lib/paths.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import { PageHeader } from '../ui/page-header.tsx';
import { Spinner } from '../ui/spinner.tsx';
import type { Route } from './+types/admin-blog';

export async function loader({ context, request }: Route.LoaderArgs) {
  // The static copy renders the page with its notice: there is no one to sign in there.
  if (!context.user && !context.staticCopy) {
    // A form posted after the session ended (its action said so): kept on this page to send
    // again, to the same address (an index page's `?index` kept: the same action takes it).
    const posted = context.signedOutPost;
    if (posted && isFormAnswer(posted.answer)) {
      const { pathname, search } = new URL(request.url);
      const signedOut = { answer: posted.answer, fields: posted.fields, action: `${pathname}${search}` };
      return { dehydrated: null, signedOut };
    }
    // Back to the page once signed in (not to the marker of a form posted to an index page's action).
    const here = new URL(request.url);
    here.searchParams.delete('index');
    throw redirect(signInPath(`${here.pathname}${here.search}`));
  }
  // What waits in each section (the navigation's counts, the mail notice), in the page's HTML.
  return { dehydrated: await prefetchOwn(context, request, [adminPaths.summary]), signedOut: null };
}

export const meta: Route.MetaFunction = adminMeta(null, paths.adminBlog);

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      {loaderData.signedOut ? <SignedOutPost {...loaderData.signedOut} /> : <Dashboard />}
    </HydrationBoundary>
  );
}

/**
 * A form's success comes back as this page with `?done=<form>` (ADR 018): what it changed is read
 * again by FreshAfterForms (with-queries.tsx's QueryScope), whichever part of the page sent it (the part may have closed
 * on the way: an issue sent, a post opened). The page's data requests carry no owner's reads
 * (prefetchOwn).
 */
function Dashboard() {
  const { user } = useAuth();
  const staticCopy = useStaticCopy();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!user && !staticCopy) navigate(signInPath(`${pathname}${search}`), { replace: true });
  }, [user, staticCopy, navigate, pathname, search]);

  if (staticCopy) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <PageHeader title="Admin Dashboard" />
        <StaticNotice feature="The Admin Dashboard" />
      </div>
    );
  }
  if (!user) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Checking your account" />
      </div>
    );
  }
  if (!user.isAdmin) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <div role="alert" className="rounded-lg border border-destructive p-6">
          <h1 className="text-2xl font-bold">Not authorised</h1>
          <p className="mt-2 text-muted-foreground">You are not authorised to view this page.</p>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <PageHeader title="Admin Dashboard">Run the site: posts, moderation, requests and visits.</PageHeader>
      <AdminNav />
      <MailNotice />
      <Outlet />
    </div>
  );
}
