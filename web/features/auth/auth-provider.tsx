/**
 * The auth context of spec sections 4 and 7: the current user from
 * GET /api/user (401 gives null; no retry; no refetch on focus), and the
 * logout mutation with its toasts (login and register: sign-in.ts, loaded by
 * /auth only). Using it outside the provider throws.
 */
import { type UseMutationResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import type { SessionUser } from '../../../common/web-context.ts';
import { apiRequest, errorMessage } from '../../lib/request.ts';
import { toast } from '../../ui/use-toast.ts';
import { LOGOUT_PATH, USER_PATH, userQuery } from './api.ts';

interface AuthContextValue {
  user: SessionUser | null;
  isLoading: boolean;
  error: Error | null;
  logoutMutation: UseMutationResult<void, Error, void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({
  initialUser,
  children,
}: {
  /** The user the server rendered the page for, so the first paint already knows. */
  initialUser: SessionUser | null;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const { data: user, error, isLoading } = useQuery(userQuery(initialUser));

  const logoutMutation = useMutation<void, Error, void>({
    mutationFn: async () => {
      await apiRequest('POST', LOGOUT_PATH);
    },
    onSuccess: () => {
      queryClient.setQueryData([USER_PATH], null);
      toast({ title: 'Logged out', description: 'You have been successfully logged out' });
    },
    onError: (failure) => {
      toast({ title: 'Logout failed', description: errorMessage(failure), variant: 'destructive' });
    },
  });

  return (
    <AuthContext.Provider
      value={{
        user: user ?? null,
        isLoading,
        error,
        logoutMutation,
      }}
    >
      {children}
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
