/**
 * Whether this is the static copy of the site (spec section 1): true when the page was rendered
 * for the export (site.staticCopy) or when the browser is on a host with a static-hosting marker.
 * Apart from the notice (static-notice.tsx), so pages can ask without loading the notice.
 */
import { useSyncExternalStore } from 'react';
import { useSiteInfo } from '../../lib/site.ts';
import { isStaticHost } from '../../lib/static-mode.ts';

const noSubscription = () => () => {};

export function useStaticCopy(): boolean {
  const site = useSiteInfo();
  const onStaticHost = useSyncExternalStore(
    noSubscription,
    () => isStaticHost(),
    () => site.staticCopy,
  );
  return site.staticCopy || onStaticHost;
}
