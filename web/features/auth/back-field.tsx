/**
 * The page a visitor came to sign in from (`?back=`, a page of this site: `localPath`): the sign-in
 * page's forms carry it, and their success (or a visitor already signed in) goes back there.
 */
import { useSearchParams } from 'react-router';
import { BACK_PARAM, localPath } from '../../lib/paths.ts';

/** The page to go back to once signed in, when the address names one of this site's. */
export function useBack(): string | null {
  const [params] = useSearchParams();
  return localPath(params.get(BACK_PARAM));
}

/** The page to go back to, in a form of the sign-in page. */
export function BackField({ back }: { back: string | null }) {
  return back ? <input type="hidden" name="back" value={back} /> : null;
}
