/** /admin/blog/security: passkeys, the authenticator app with its recovery codes, and the signed-in devices. */
import { adminMeta } from '../features/admin/meta.ts';
import { Security } from '../features/admin/security.tsx';
import { dashboardPaths } from '../lib/admin-paths.ts';
import type { Route } from './+types/admin-security';

export const meta: Route.MetaFunction = adminMeta('Sign-in & security', dashboardPaths.security);

export default function AdminSecurityPage() {
  return <Security />;
}
