import { useEffect, useState } from 'react';
import { SIGN_IN_LINK_SENT } from '../../../common/constants.ts';
import type { SessionUser } from '../../../common/web-context.ts';
import { type FormAnswer, useFormAnswer } from '../../lib/form-post.ts';
import { signInPath } from '../../lib/paths.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { DoneNotice, FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { CODE_FORM, LINK_SIGN_IN_FORM, LOGIN_FORM, passkeySignIn, SIGN_IN_LINK_FORM } from './api.ts';
import { AuthForm, useBack } from './auth-form.tsx';
import { loginFailed, useSignedIn } from './sign-in.ts';

const recheck = () => import('../../../common/schemas/auth.ts').then((module) => module.loginSchema);

/**
 * Username and password, posted to /auth's action with the page's code or without it (ADR 018);
 * for an account with an authenticator app, then the code. Or a passkey, with no username at all.
 */
export function LoginForm({
  signInLink = false,
  passkeys = false,
}: {
  signInLink?: boolean;
  /** The site's address can hold a passkey (a domain name, not an IP address). */
  passkeys?: boolean;
}) {
  // A sign-in goes back to the page it came from, else home (`?done=login`), where SignedInNotice says so.
  const login = useRouteForm(LOGIN_FORM, { recheck });
  const { field, errorOf } = login;
  // The password was right: the code step, as the action answered it (or a refused code).
  const codeAnswer = useFormAnswer(CODE_FORM);
  const [restarted, setRestarted] = useState(false);
  const prompt =
    login.answer?.extra?.step === 'code'
      ? String(login.answer.extra.prompt ?? '')
      : codeAnswer && !restarted
        ? String(codeAnswer.values.prompt ?? '')
        : null;
  if (prompt !== null && !restarted)
    return <CodeStep message={prompt} answer={codeAnswer} onRestart={() => setRestarted(true)} />;
  return (
    <div className="space-y-4">
      <AuthForm form={login} id="login-form" className="space-y-4">
        <FormNotice answer={login.answer} />
        <Field label="Username" error={errorOf('username')}>
          <Input autoComplete="username webauthn" {...field('username')} />
        </Field>
        <Field label="Password" error={errorOf('password')}>
          <Input type="password" autoComplete="current-password" {...field('password')} />
        </Field>
        <Button type="submit" className="w-full" pending={login.pending} pendingText="Please wait">
          Sign In
        </Button>
      </AuthForm>
      {passkeys && <PasskeyButton />}
      {signInLink && <SignInLinkForm />}
    </div>
  );
}

/**
 * Locked out (strangers guessing the password slow it down for new browsers) or the password
 * forgotten: a link to the account's mailbox, which signs in the browser that opens it. Offered
 * only where the site sends email.
 */
function SignInLinkForm() {
  const link = useRouteForm(SIGN_IN_LINK_FORM);
  const { field, errorOf } = link;
  return (
    <details open={link.done || Boolean(link.answer)} className="rounded-md border border-border p-3 text-sm">
      <summary className="cursor-pointer font-medium">Locked out or forgot your password?</summary>
      {link.done ? (
        <DoneNotice title="Check your email" text={SIGN_IN_LINK_SENT} className="mt-3" />
      ) : (
        <AuthForm form={link} id="sign-in-link-form" className="mt-3 space-y-3">
          <FormNotice answer={link.answer} />
          <p className="text-muted-foreground">
            We'll email a sign-in link to the address on your account. It works once, within 15 minutes.
          </p>
          <Field label="Username" error={errorOf('username')}>
            <Input autoComplete="username" {...field('username')} />
          </Field>
          <Button
            type="submit"
            variant="outline"
            className="w-full"
            pending={link.pending}
            pendingText="Sending..."
          >
            Email me a sign-in link
          </Button>
        </AuthForm>
      )}
    </details>
  );
}

/**
 * The page a mailed sign-in link opens: one press signs in (a mail scanner that opens every link
 * spends nothing); the authenticator's code next for an account that has one.
 */
export function LinkSignIn({ token }: { token: string }) {
  const linkSignIn = useRouteForm(LINK_SIGN_IN_FORM);
  const back = useBack();
  const [restarted, setRestarted] = useState(false);
  const answer = linkSignIn.answer;
  if (answer?.extra?.step === 'code' && !restarted)
    return (
      <CodeStep
        message={String(answer.extra.prompt ?? '')}
        answer={undefined}
        onRestart={() => setRestarted(true)}
      />
    );
  if (restarted) return <LoginForm />;
  return (
    <AuthForm form={linkSignIn} id="link-sign-in-form" className="mt-6 space-y-4">
      <FormNotice answer={answer} />
      {answer ? (
        <a
          href={signInPath(back)}
          className="block text-center text-sm font-medium text-primary hover:underline"
        >
          Back to sign in
        </a>
      ) : (
        <>
          <input type="hidden" name="token" value={token} />
          <p className="text-sm">Press Sign In to finish signing in with the link from your email.</p>
          <Button type="submit" className="w-full" pending={linkSignIn.pending} pendingText="Please wait">
            Sign In
          </Button>
        </>
      )}
    </AuthForm>
  );
}

/** The second step: a code from the authenticator app, or one of the recovery codes. */
function CodeStep({
  message,
  answer,
  onRestart,
}: {
  message: string;
  answer: FormAnswer | undefined;
  onRestart: () => void;
}) {
  const code = useRouteForm(CODE_FORM);
  const back = useBack();
  const refused = code.answer ?? answer;
  // The five minutes ran out: back to the password.
  const expired = Boolean(refused && /expired/.test(refused.message));
  useEffect(() => {
    if (expired) onRestart();
  }, [expired, onRestart]);
  return (
    <AuthForm form={code} id="code-form" className="space-y-4">
      {/* The server's own words, shown again if the code is refused. */}
      <input type="hidden" name="prompt" value={message} />
      <FormNotice answer={refused} />
      <p className="text-sm">{message}</p>
      <Field label="Authentication code" error={refused?.errors.code}>
        <Input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={40} autoFocus />
      </Field>
      <Button type="submit" className="w-full" pending={code.pending} pendingText="Please wait">
        Verify
      </Button>
      {/* Back to the password: a plain link to the sign-in page before the code arrives. */}
      <a
        href={signInPath(back)}
        onClick={(event) => {
          event.preventDefault();
          onRestart();
        }}
        className="block w-full text-center text-sm text-primary hover:underline"
      >
        Use a different account
      </a>
    </AuthForm>
  );
}

/** Sign-in with a passkey this browser or phone holds for the site; shown where WebAuthn exists. */
function PasskeyButton() {
  const signedIn = useSignedIn();
  const [supported, setSupported] = useState(false);
  const [waiting, setWaiting] = useState(false);
  useEffect(() => setSupported('PublicKeyCredential' in window), []);
  if (!supported) return null;
  const signIn = async () => {
    setWaiting(true);
    try {
      const account: SessionUser = await passkeySignIn();
      // The sign-in page sends a signed-in visitor back where they came from, else home (auth-card.tsx).
      signedIn(account);
    } catch (failure) {
      loginFailed(
        (failure as Error).name === 'NotAllowedError'
          ? new Error('The passkey prompt was closed or timed out.')
          : failure,
      );
    } finally {
      setWaiting(false);
    }
  };
  return (
    <Button
      type="button"
      variant="outline"
      className="w-full"
      onClick={() => void signIn()}
      pending={waiting}
      pendingText="Waiting for your passkey..."
    >
      Sign in with a passkey
    </Button>
  );
}
