/** 'Back to Home' as a link-styled button, where a page's own task ends (a booked call, a missing link). */

import { paths } from '../lib/paths.ts';
import { Button } from './button.tsx';
import { Link } from './link.tsx';

export function BackHome() {
  return (
    <Button asChild variant="link">
      <Link to={paths.home}>Back to Home</Link>
    </Button>
  );
}
