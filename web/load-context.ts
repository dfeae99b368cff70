/**
 * What the server hands every loader (server/plugins/web-load-context.ts builds it): React Router's load
 * context is typed as ours once, here, so loaders read `context.user` without casts.
 */
import type { WebLoadContext } from '../common/web-context.ts';

declare module 'react-router' {
  interface AppLoadContext extends WebLoadContext {}
}
