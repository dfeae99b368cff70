/**
 * React Router for a part of an island that needs it only once it shows (the skills' endorsement
 * dialog and its form): in an island without a router (`router: false`) the part comes under a
 * memory router of its own (`RoutedPart`), whose code is fetched when the part first shows; in a
 * routed island, or on a page React Router hydrates whole, it is under a router already.
 */
import { lazy, type ReactNode, useContext } from 'react';
import { RouterlessPage } from './island.tsx';

const RoutedPart = lazy(() => import('./routed.tsx').then((module) => ({ default: module.RoutedPart })));

export function WithRouter({ children }: { children: ReactNode }) {
  const page = useContext(RouterlessPage);
  return page ? <RoutedPart page={page}>{children}</RoutedPart> : children;
}
