import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import type { SessionUser } from '../../../common/web-context.ts';
import { USER_PATH, useUser } from '../auth/api.ts';

interface AuthContextValue {
  user: SessionUser | null;
  isLoading: boolean;
  error: Error | null;
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
  const { data: user, error, isLoading } = useUser(initialUser);
  // The root's data is read again after a form's post (a sign-in, a sign-out): what it says of
  // the account is then the news, also when the form's own page is gone.
  const queryClient = useQueryClient();
  const rendered = useRef(initialUser);
  useEffect(() => {
    if (rendered.current === initialUser) return;
    rendered.current = initialUser;
    queryClient.setQueryData([USER_PATH], initialUser);
  }, [initialUser, queryClient]);

  return (
    <AuthContext.Provider
      value={{
        user: user ?? null,
        isLoading,
        error,
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
