import type { ReactNode } from 'react';
import { FEED_PATHS } from '../../../common/feeds.ts';
import type { SocialLink } from '../../../common/schemas/content.ts';
import { paths } from '../../lib/paths.ts';
import { Rss } from '../../ui/icons.tsx';
import { Link } from '../../ui/link.tsx';
import { SocialLinks } from './social-links.tsx';

/** The newsletter's short form, the fediverse handle, social links (new tab), the Privacy Policy and Terms of Service pages, the blog's feed, and the copyright year. */
export function Footer({
  ownerName,
  socialLinks,
  signup,
  follow,
}: {
  ownerName: string;
  socialLinks: SocialLink[];
  /** The newsletter's short form, put in by the root. */
  signup?: ReactNode;
  /** 'Follow on the fediverse', put in by the root. */
  follow?: ReactNode;
}) {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-border bg-muted/40">
      {signup}
      {follow}
      {/* Kept clear of immersive mode's dock, which covered the legal links at the page's end. */}
      <div
        data-keep-clear
        className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-8 md:flex-row md:justify-between"
      >
        <SocialLinks
          links={socialLinks}
          label="Social links"
          linkClassName="text-muted-foreground hover:text-foreground"
        />
        <nav aria-label="Legal" className="flex gap-4 text-sm">
          <Link to={paths.privacy} className="text-muted-foreground hover:text-foreground hover:underline">
            Privacy Policy
          </Link>
          <Link to={paths.terms} className="text-muted-foreground hover:text-foreground hover:underline">
            Terms of Service
          </Link>
          {/* A file, not a page: the browser fetches it (reloadDocument), React Router does not. */}
          <Link
            to={FEED_PATHS.rss}
            reloadDocument
            className="inline-flex items-center gap-1 text-muted-foreground hover:text-foreground hover:underline"
          >
            <Rss className="h-3.5 w-3.5" />
            RSS feed
          </Link>
        </nav>
        {/* The year is the server's at render time; a page open across New Year may differ. */}
        <p className="text-sm text-muted-foreground" suppressHydrationWarning>
          {`© ${year} ${ownerName}. All rights reserved.`}
        </p>
      </div>
    </footer>
  );
}
