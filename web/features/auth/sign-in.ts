/**
 * Signing in and registering: the mutations behind the /auth forms, with their toasts. Apart
 * from the auth context (every page's code) so only /auth carries them.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, RegisterInput } from '../../../common/schemas/auth.ts';
import type { SessionUser } from '../../../common/web-context.ts';
import { errorMessage } from '../../lib/request.ts';
import { failureToast, toast } from '../../ui/use-toast.ts';
import { logIn, register, type SecondFactorNeeded, USER_PATH } from './api.ts';

export const loginFailed = (failure: unknown, fallback = 'Please check your credentials and try again') =>
  toast({ title: 'Login failed', description: errorMessage(failure) || fallback, variant: 'destructive' });

/** Records a finished sign-in (password, code or passkey) for the whole page, with its toast. */
export function useSignedIn() {
  const queryClient = useQueryClient();
  return (account: SessionUser) => {
    queryClient.setQueryData([USER_PATH], account);
    toast({ title: 'Login successful', description: `Welcome back, ${account.username}!` });
  };
}

/** Username and password: the user, or word that a code is needed. */
export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation<SessionUser | SecondFactorNeeded, Error, LoginInput>({
    mutationFn: logIn,
    onSuccess: (answer) => {
      if (!('secondFactor' in answer)) signedIn(answer);
    },
    onError: (failure) => loginFailed(failure),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation<SessionUser, Error, RegisterInput>({
    mutationFn: register,
    onSuccess: (created) => {
      queryClient.setQueryData([USER_PATH], created);
      toast({ title: 'Registration successful' });
    },
    onError: failureToast('Registration failed', 'Please try a different username'),
  });
}
