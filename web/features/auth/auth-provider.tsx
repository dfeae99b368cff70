/**
 * The auth context of spec sections 4 and 7: the current user from
 * GET /api/user (401 gives null; no retry; no refetch on focus). Logging out
 * (`useLogout`, user-menu.tsx) and signing in (sign-in.ts) live with the code
 * that offers them, loaded only where they are needed: every page's code carries
 * this file. Using it outside the provider throws.
 */
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import type { SessionUser } from '../../../common/web-context.ts';
import { userQuery } from './api.ts';

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
  const { data: user, error, isLoading } = useQuery(userQuery(initialUser));

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
