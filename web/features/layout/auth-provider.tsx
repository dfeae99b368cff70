import { createContext, type ReactNode, useContext } from 'react';
import type { SessionUser } from '../../../common/web-context.ts';
import { useUser } from '../auth/api.ts';

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
