/**
 * The old addresses of posts (issue 34): a page no route has, or a post slug no post has, is looked
 * up: where a post used to be, the answer is a 301 to it; where a deleted one was, a 410.
 */
import { redirect } from 'react-router';
import type { OldAddress } from '../../../common/schemas/blog.ts';
import type { WebLoadContext } from '../../../common/web-context.ts';

export const oldAddressPath = (path: string) => `/api/old-address?path=${encodeURIComponent(path)}`;

/** The longest address the API looks up (an import keeps none longer than 500 characters). */
const MAX_OLD_ADDRESS = 2000;

/**
 * Throws the 301 to the post that was at `pathname` (on its old site, or here before a rename), if
 * one was; the status for a page without one: 410 where a post was deleted after it had been out.
 */
export async function followOldAddress(web: WebLoadContext, pathname: string): Promise<404 | 410> {
  // No imported address is that long (the API refuses a longer one, with a 400).
  if (pathname.length > MAX_OLD_ADDRESS) return 404;
  const moved = await web.readApi<OldAddress>(oldAddressPath(pathname));
  if (moved && 'location' in moved) throw redirect(moved.location, 301);
  return moved ? 410 : 404;
}
