import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type LoginInput, loginSchema } from '../../../common/schemas/auth.ts';
import type { SessionUser } from '../../../common/web-context.ts';
import { type FormAnswer, typedValues, useFormAnswer } from '../../lib/form-post.ts';
import { paths } from '../../lib/paths.ts';
import { ApiError, errorMessage } from '../../lib/request.ts';
import { usePostForm } from '../../lib/use-post-form.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { FormName, FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { passkeySignIn, sendLoginCode } from './api.ts';
import { loginFailed, useLogin, useSignedIn } from './sign-in.ts';

/**
 * Username and password (validated on submit, then again on every change); for an account
 * with an authenticator app, then the code. Or a passkey, with no username at all.
 */
export function LoginForm() {
  const loginMutation = useLogin();
  const { answer, field, errorOf, onSubmit } = usePostForm<LoginInput>({
    id: 'login-form',
    form: 'login',
    empty: { username: '', password: '' },
    resolver: zodResolver(loginSchema),
  });
  // A sign-in posted before the page's code arrived may come back asking for the code.
  const codeAnswer = useFormAnswer('code');
  const [restarted, setRestarted] = useState(false);
  const answer202 = loginMutation.data;
  if (answer202 && 'secondFactor' in answer202)
    return <CodeStep message={answer202.message} onRestart={() => loginMutation.reset()} />;
  if (codeAnswer && !restarted)
    return (
      <CodeStep
        message={String(codeAnswer.extra?.prompt ?? '')}
        answer={codeAnswer}
        onRestart={() => setRestarted(true)}
      />
    );
  return (
    <div className="space-y-4">
      <form
        id="login-form"
        method="post"
        action={paths.auth}
        noValidate
        className="space-y-4"
        onSubmit={onSubmit((values) => loginMutation.mutate(values))}
      >
        <FormName name="login" />
        <FormNotice answer={answer} />
        <Field label="Username" error={errorOf('username')}>
          <Input autoComplete="username webauthn" {...field('username')} />
        </Field>
        <Field label="Password" error={errorOf('password')}>
          <Input type="password" autoComplete="current-password" {...field('password')} />
        </Field>
        <Button type="submit" className="w-full" pending={loginMutation.isPending} pendingText="Please wait">
          Sign In
        </Button>
      </form>
      <PasskeyButton />
    </div>
  );
}

/** The second step: a code from the authenticator app, or one of the recovery codes. */
function CodeStep({
  message,
  answer,
  onRestart,
}: {
  message: string;
  answer?: FormAnswer;
  onRestart: () => void;
}) {
  const signedIn = useSignedIn();
  // What was typed before the code arrived stays (the field is React's once live).
  const [code, setCode] = useState(() => String(typedValues('code-form').code ?? ''));
  const [error, setError] = useState<string | undefined>(answer?.errors.code);
  const verify = useMutation<SessionUser, Error, string>({
    mutationFn: sendLoginCode,
    onSuccess: signedIn,
    onError: (failure) => {
      loginFailed(failure, 'That code is not right. Please try again.');
      // The five minutes ran out: back to the password.
      if (
        failure instanceof ApiError &&
        failure.status === 401 &&
        /expired/.test(errorMessage(failure) ?? '')
      )
        onRestart();
    },
  });
  return (
    <form
      id="code-form"
      method="post"
      action={paths.auth}
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!code.trim()) {
          setError('Enter the code from your authenticator app');
          return;
        }
        setError(undefined);
        verify.mutate(code.trim());
      }}
    >
      <FormName name="code" />
      {/* The server's own words, shown again if the code is refused. */}
      <input type="hidden" name="prompt" value={message} />
      <FormNotice answer={answer} />
      <p className="text-sm">{message}</p>
      <Field label="Authentication code" error={error}>
        <Input
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={40}
          autoFocus
        />
      </Field>
      <Button type="submit" className="w-full" pending={verify.isPending} pendingText="Please wait">
        Verify
      </Button>
      {/* Back to the password: a plain link to the sign-in page before the code arrives. */}
      <a
        href={paths.auth}
        onClick={(event) => {
          event.preventDefault();
          onRestart();
        }}
        className="block w-full text-center text-sm text-primary hover:underline"
      >
        Use a different account
      </a>
    </form>
  );
}

/** Sign-in with a passkey this browser or phone holds for the site; shown where WebAuthn exists. */
function PasskeyButton() {
  const signedIn = useSignedIn();
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported('PublicKeyCredential' in window), []);
  const passkey = useMutation<SessionUser, Error, void>({
    mutationFn: passkeySignIn,
    onSuccess: signedIn,
    onError: (failure) =>
      loginFailed(
        failure.name === 'NotAllowedError'
          ? new Error('The passkey prompt was closed or timed out.')
          : failure,
      ),
  });
  if (!supported) return null;
  return (
    <Button
      type="button"
      variant="outline"
      className="w-full"
      onClick={() => passkey.mutate()}
      pending={passkey.isPending}
      pendingText="Waiting for your passkey..."
    >
      Sign in with a passkey
    </Button>
  );
}
