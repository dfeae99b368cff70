import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type LoginInput, loginSchema } from '../../../common/schemas/forms.ts';
import type { SessionUser } from '../../../common/web-context.ts';
import { ApiError, apiRequest, errorMessage } from '../../lib/request.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { LOGIN_CODE_PATH, PASSKEY_OPTIONS_PATH, PASSKEY_SIGN_IN_PATH } from './api.ts';
import { loginFailed, useLogin, useSignedIn } from './sign-in.ts';

/**
 * Username and password (validated on submit, then again on every change); for an account
 * with an authenticator app, then the code. Or a passkey, with no username at all.
 */
export function LoginForm() {
  const loginMutation = useLogin();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  const answer = loginMutation.data;
  if (answer && 'secondFactor' in answer)
    return <CodeStep message={answer.message} onRestart={() => loginMutation.reset()} />;
  return (
    <div className="space-y-4">
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit((values) => loginMutation.mutate(values))}
      >
        <Field label="Username" error={errors.username?.message}>
          <Input autoComplete="username webauthn" {...form.register('username')} />
        </Field>
        <Field label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </Field>
        <Button type="submit" className="w-full" disabled={loginMutation.isPending}>
          {loginMutation.isPending ? 'Please wait' : 'Sign In'}
        </Button>
      </form>
      <PasskeyButton />
    </div>
  );
}

/** The second step: a code from the authenticator app, or one of the recovery codes. */
function CodeStep({ message, onRestart }: { message: string; onRestart: () => void }) {
  const signedIn = useSignedIn();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const verify = useMutation<SessionUser, Error, string>({
    mutationFn: async (value) => (await apiRequest('POST', LOGIN_CODE_PATH, { code: value })).json(),
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
      <p className="text-sm">{message}</p>
      <Field label="Authentication code" error={error}>
        <Input
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={40}
          autoFocus
        />
      </Field>
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? 'Please wait' : 'Verify'}
      </Button>
      <button
        type="button"
        onClick={onRestart}
        className="w-full text-center text-sm text-primary hover:underline"
      >
        Use a different account
      </button>
    </form>
  );
}

/** Sign-in with a passkey this browser or phone holds for the site; shown where WebAuthn exists. */
function PasskeyButton() {
  const signedIn = useSignedIn();
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported('PublicKeyCredential' in window), []);
  const passkey = useMutation<SessionUser, Error, void>({
    mutationFn: async () => {
      const { options } = await (await apiRequest('POST', PASSKEY_OPTIONS_PATH)).json();
      // The WebAuthn helper loads only when someone signs in with a passkey.
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const response = await startAuthentication({ optionsJSON: options });
      return (await apiRequest('POST', PASSKEY_SIGN_IN_PATH, response)).json();
    },
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
      disabled={passkey.isPending}
    >
      {passkey.isPending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
    </Button>
  );
}
