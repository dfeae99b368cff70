/**
 * "Follow on the fediverse" (issue 47): the blog's handle, which a Mastodon user types into search,
 * and, once the page's code is live, a button that copies it. Without JavaScript the handle is
 * there to select; there is no button that would do nothing. The static copy has no server to
 * follow: /blog says so there (point 8), and the footer shows nothing.
 */
import { useLocation } from 'react-router';
import { island } from '../../islands/island.tsx';
import { useSiteInfo } from '../../lib/site.ts';
import { useCopyLink } from '../../lib/use-copy-link.ts';
import { cn } from '../../ui/cn.ts';
import { useStaticCopy } from '../layout/static-copy.ts';
import { StaticNotice } from '../layout/static-notice.tsx';

const FOLLOW_TITLE = 'Follow on the fediverse';

/** The blog's own box, and the footer's everywhere else (two of one on a page read as noise). */
const OWN_BOX = /^\/blog($|\/)/;

function FollowBoxContent({ place, className }: { place: 'footer' | 'blog'; className?: string }) {
  const { fediverse } = useSiteInfo();
  const { pathname } = useLocation();
  const { copied, copy } = useCopyLink();
  const staticCopy = useStaticCopy();
  if (staticCopy && place === 'blog') {
    return <StaticNotice feature="Following the blog on the fediverse" className={className} />;
  }
  if (!fediverse || (place === 'footer' && OWN_BOX.test(pathname))) return null;
  const { handle } = fediverse;
  return (
    <div className={cn('text-sm', className)}>
      <h2 className="font-semibold">{FOLLOW_TITLE}</h2>
      {place === 'blog' && (
        <p className="mt-1 text-muted-foreground">Search for the blog on Mastodon or any fediverse app.</p>
      )}
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <code className="break-all rounded bg-muted px-2 py-1 font-mono text-foreground">{handle}</code>
        {/* Where the browser runs scripts (a press before the code is live wakes it, and is done once
            it is); without them, no button that would do nothing. */}
        <button
          type="button"
          onClick={() =>
            void copy(
              handle,
              'Paste it into the search of your fediverse app to follow the blog.',
              'Handle copied',
            )
          }
          className="hidden rounded-md border border-border px-3 py-1 font-medium hover:border-primary scripting:inline-block"
          aria-label={`Copy ${handle}`}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </p>
    </div>
  );
}

/**
 * 'Follow on the fediverse': an island (ADR 023) for its Copy button, which starts when the
 * visitor reaches for it (a press on Copy starts it and is done once it is live).
 */
export const FollowBox = island('follow-box', FollowBoxContent, { start: 'touch' });
export { FollowBoxContent };
