import type { ComponentProps } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * React Router's `<Link>` without its `data-discover` mark. The mark tells lazy route discovery
 * which links to look up; this site sends the whole route manifest at the start
 * (`routeDiscovery: 'initial'` in react-router.config.ts), so on every link it was bytes for
 * nothing: 39 of them on the home page, about 50 bytes of its Brotli HTML (issue 44's budget).
 */
export function Link(props: ComponentProps<typeof RouterLink>) {
  return <RouterLink discover="none" {...props} />;
}
