/**
 * The sign-in card: Login and Register tabs (the tab lives in the address, ?tab=register),
 * sign-in with GitHub and why a GitHub sign-in came back; a signed-in visitor is sent back to the
 * page they came from (`?back=`), else home.
 */
import * as Tabs from 'radix-ui/tabs';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SIGN_IN_LINK_PARAM } from '../../../common/constants.ts';
import { useFormAnswer } from '../../lib/form-post.ts';
import { paths, signInPath } from '../../lib/paths.ts';
import { Card } from '../../ui/card.tsx';
import { SocialIcon } from '../../ui/social-icon.tsx';
import { useAuth } from '../layout/auth-provider.tsx';
import { useStaticCopy } from '../layout/static-copy.ts';
import { StaticNotice } from '../layout/static-notice.tsx';
import { githubSignInPath, LINK_SIGN_IN_FORM, type SignInMethods } from './api.ts';
import { useBack } from './auth-form.tsx';
import { LinkSignIn, LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

/** Why a GitHub sign-in came back here (the server's `error` parameter). */
const githubErrors: Record<string, string> = {
  github_unconfigured:
    'Sign-in with GitHub is not set up on this site yet. Please use a username and password.',
  github_denied: 'GitHub sign-in was cancelled.',
  github_state: 'The GitHub sign-in expired or was started in another tab. Please try again.',
  github_failed: 'GitHub sign-in failed. Please try again.',
};

type Tab = 'login' | 'register';

export function AuthCard({ methods }: { methods: SignInMethods }) {
  const { user } = useAuth();
  const staticCopy = useStaticCopy();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'register' ? 'register' : 'login';
  const githubError = githubErrors[searchParams.get('error') ?? ''];
  // The page a mailed sign-in link opens (or its answer, on the page the action came back with).
  const linkToken = searchParams.get(SIGN_IN_LINK_PARAM);
  const linkAnswer = useFormAnswer(LINK_SIGN_IN_FORM);

  const back = useBack();
  useEffect(() => {
    if (user) navigate(back ?? paths.home, { replace: true });
  }, [user, back, navigate]);

  // Real links, so the tabs switch before the page's code arrives (or without it).
  const tabHref = (next: Tab) => signInPath(back, next === 'register' ? 'register' : undefined);
  const showTab = (next: Tab) =>
    setSearchParams(new URL(tabHref(next), 'http://site').searchParams, {
      replace: true,
      preventScrollReset: true,
    });
  const onTabLink = (next: Tab) => (event: React.MouseEvent) => {
    event.preventDefault();
    showTab(next);
  };
  const switchLink = (label: string, next: Tab) => (
    <a href={tabHref(next)} onClick={onTabLink(next)} className="font-medium text-primary hover:underline">
      {label}
    </a>
  );

  // Shown only where GitHub sign-in is set up (issue 46: no button that answers 'not set up').
  const githubLink = methods.github && (
    <a
      href={githubSignInPath(back)}
      className="inline-flex h-10 w-full items-center justify-center gap-2 rounded-md border border-border text-sm font-medium transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
    >
      <SocialIcon icon="github" className="h-4 w-4" />
      Continue with GitHub
    </a>
  );

  return (
    <Card className="mx-auto w-full max-w-md p-6">
      <h1 className="text-2xl font-bold">{tab === 'login' ? 'Welcome back' : 'Create an account'}</h1>
      {githubError && (
        <p role="alert" className="mt-4 rounded-md border border-destructive p-3 text-sm">
          {githubError}
        </p>
      )}
      {staticCopy ? (
        <StaticNotice feature="Signing in" className="mt-6" />
      ) : linkToken || linkAnswer ? (
        <LinkSignIn token={linkToken ?? ''} />
      ) : (
        <Tabs.Root value={tab} onValueChange={(value) => showTab(value as Tab)} className="mt-6">
          <Tabs.List aria-label="Sign in or register" className="grid grid-cols-2 rounded-md bg-muted p-1">
            <Tabs.Trigger
              value="login"
              asChild
              className="rounded-sm py-1.5 text-center text-sm font-medium text-muted-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm"
            >
              {/* type: Radix gives its trigger type="button", which a link may not carry. */}
              <a href={tabHref('login')} type={undefined} onClick={onTabLink('login')}>
                Login
              </a>
            </Tabs.Trigger>
            <Tabs.Trigger
              value="register"
              asChild
              className="rounded-sm py-1.5 text-center text-sm font-medium text-muted-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm"
            >
              <a href={tabHref('register')} type={undefined} onClick={onTabLink('register')}>
                Register
              </a>
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="login" className="mt-6 space-y-4">
            <LoginForm signInLink={methods.link} passkeys={methods.passkeys} />
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
  );
}
