import { data, redirect } from 'react-router';
import { followOldAddress } from '../features/blog/old-address-api.ts';
import { NotFoundContent } from '../features/layout/not-found-content.tsx';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import type { Route } from './+types/not-found';

// Any path no other route matches: a 301 to the one-slash address of a link written with a doubled
// slash (`https://site//blog`), a 301 where an imported post used to be (its old site's address),
// else the not-found page with HTTP status 404 (410 where a deleted post was).
export async function loader({ context, request }: Route.LoaderArgs) {
  const { pathname, search } = new URL(request.url);
  if (pathname.includes('//')) throw redirect(pathname.replace(/\/{2,}/g, '/') + search, 301);
  return data(null, { status: await followOldAddress(context, pathname) });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    site: rootDataOf(matches).site,
    title: '404 Page Not Found',
    description: 'This page does not exist.',
    path: location.pathname,
    missing: true,
  });

export default function NotFound() {
  return <NotFoundContent />;
}
