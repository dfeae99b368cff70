import { createContext, type ReactNode, useContext } from 'react';
import type { SessionUser } from '../../../common/web-context.ts';

interface AuthContextValue {
  user: SessionUser | null;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Who is signed in, as the root's loader read it: the page's HTML already knows, and the root's
 * data is read again after every form's post (a sign-in, a sign-out) and after a passkey sign-in
 * (`useSignedIn`), so it stays in step with the server (spec section 7) without a query cache.
 */
export function AuthProvider({ user, children }: { user: SessionUser | null; children: ReactNode }) {
  return <AuthContext.Provider value={{ user }}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
