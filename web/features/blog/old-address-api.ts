/**
 * The old addresses of imported posts (issue 34): a page no route has, or a post slug no post has,
 * is looked up, and where an imported post used to be there the answer is a 301 to the post.
 */
import { redirect } from 'react-router';
import type { OldAddress } from '../../../common/schemas/blog.ts';
import type { WebLoadContext } from '../../../common/web-context.ts';

export const oldAddressPath = (path: string) => `/api/old-address?path=${encodeURIComponent(path)}`;

/** The longest address the API looks up (an import keeps none longer than 500 characters). */
const MAX_OLD_ADDRESS = 2000;

/** Throws the 301 to the post that was at `pathname` on its old site, if one was. */
export async function followOldAddress(web: WebLoadContext, pathname: string) {
  // No imported address is that long (the API refuses a longer one, with a 400).
  if (pathname.length > MAX_OLD_ADDRESS) return;
  const moved = await web.readApi<OldAddress>(oldAddressPath(pathname));
  if (moved) throw redirect(moved.location, 301);
}
