/**
 * /auth: Login and Register tabs, sign-in with GitHub, and a welcome panel on
 * wide screens. A signed-in visitor is sent to the home page, on the server
 * and after signing in here.
 */
import { CheckCircle2 } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect } from 'react';
import { redirect, useNavigate, useSearchParams } from 'react-router';
import type { WebLoadContext } from '../../common/web-context.ts';
import { useAuth } from '../features/auth/auth-provider.tsx';
import { LoginForm } from '../features/auth/login-form.tsx';
import { RegisterForm } from '../features/auth/register-form.tsx';
import { useStaticCopy } from '../features/layout/static-copy.ts';
import { StaticNotice } from '../features/layout/static-notice.tsx';
import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { Card } from '../ui/card.tsx';
import { SocialIcon } from '../ui/social-icon.tsx';
import type { Route } from './+types/auth';

export function loader({ context }: Route.LoaderArgs) {
  if ((context as unknown as WebLoadContext).user) throw redirect(paths.home);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: rootDataOf(matches).site,
    title: 'Sign in',
    description: 'Sign in or create an account to generate AI images and join the conversation.',
    path: paths.auth,
    noindex: true,
  });

/** Why a GitHub sign-in came back here (the server's `error` parameter). */
const githubErrors: Record<string, string> = {
  github_unconfigured:
    'Sign-in with GitHub is not set up on this site yet. Please use a username and password.',
  github_denied: 'GitHub sign-in was cancelled.',
  github_state: 'The GitHub sign-in expired or was started in another tab. Please try again.',
  github_failed: 'GitHub sign-in failed. Please try again.',
};

type Tab = 'login' | 'register';

export default function AuthPage() {
  const { user } = useAuth();
  const staticCopy = useStaticCopy();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'register' ? 'register' : 'login';
  const githubError = githubErrors[searchParams.get('error') ?? ''];

  useEffect(() => {
    if (user) navigate(paths.home, { replace: true });
  }, [user, navigate]);

  const showTab = (next: Tab) =>
    setSearchParams(next === 'register' ? { tab: 'register' } : {}, {
      replace: true,
      preventScrollReset: true,
    });

  const switchLink = (label: string, next: Tab) => (
    <button type="button" onClick={() => showTab(next)} className="font-medium text-primary hover:underline">
      {label}
    </button>
  );

  const githubLink = (
    <a
      href={paths.githubSignIn}
      className="inline-flex h-10 w-full items-center justify-center gap-2 rounded-md border border-border text-sm font-medium transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
    >
      <SocialIcon icon="github" className="h-4 w-4" />
      Continue with GitHub
    </a>
  );

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-2 lg:items-center">
      <Card className="mx-auto w-full max-w-md p-6">
        <h1 className="text-2xl font-bold">{tab === 'login' ? 'Welcome back' : 'Create an account'}</h1>
        {githubError && (
          <p role="alert" className="mt-4 rounded-md border border-destructive p-3 text-sm">
            {githubError}
          </p>
        )}
        {staticCopy ? (
          <StaticNotice feature="Signing in" className="mt-6" />
        ) : (
          <Tabs.Root value={tab} onValueChange={(value) => showTab(value as Tab)} className="mt-6">
            <Tabs.List aria-label="Sign in or register" className="grid grid-cols-2 rounded-md bg-muted p-1">
              <Tabs.Trigger
                value="login"
                className="rounded-sm py-1.5 text-sm font-medium text-muted-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm"
              >
                Login
              </Tabs.Trigger>
              <Tabs.Trigger
                value="register"
                className="rounded-sm py-1.5 text-sm font-medium text-muted-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm"
              >
                Register
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="login" className="mt-6 space-y-4">
              <LoginForm />
              {githubLink}
              <p className="text-center text-sm text-muted-foreground">
                Don't have an account? {switchLink('Register', 'register')}
              </p>
            </Tabs.Content>
            <Tabs.Content value="register" className="mt-6 space-y-4">
              <RegisterForm />
              {githubLink}
              <p className="text-center text-sm text-muted-foreground">
                Already have an account? {switchLink('Login', 'login')}
              </p>
            </Tabs.Content>
          </Tabs.Root>
        )}
      </Card>
      <section aria-labelledby="welcome-heading" className="hidden lg:block">
        <h2 id="welcome-heading" className="text-3xl font-bold">
          Welcome to my portfolio
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">Sign in to get the most out of the site:</p>
        <ul className="mt-6 space-y-3">
          {['View projects and demos', 'Read and contribute to the blog', 'Contact for inquiries'].map(
            (item) => (
              <li key={item} className="flex items-center gap-3">
                <CheckCircle2 aria-hidden="true" className="h-5 w-5 text-primary" />
                {item}
              </li>
            ),
          )}
        </ul>
      </section>
    </div>
  );
}
