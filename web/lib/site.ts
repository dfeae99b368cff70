import { useRouteLoaderData } from 'react-router';
import type { FediverseInfo } from '../../common/fediverse.ts';
import type { SocialLink } from '../../common/schemas/content.ts';
import type { SessionUser } from '../../common/web-context.ts';
import { OWNER_TIME_ZONE } from '../../content/time-zone.ts';

/** What every page knows about the site, from the root loader. */
export interface SiteInfo {
  /** Public address without a trailing slash. */
  url: string;
  ownerName: string;
  ownerTitle: string;
  description: string;
  /** Absolute path of the owner's photo. */
  image: string;
  location: string;
  email: string;
  socialLinks: SocialLink[];
  /** Report page views to /insights.js (off on a static copy). */
  analytics: boolean;
  /** Rendered for the static copy of the site (npm run export:static): server features say they are off. */
  staticCopy: boolean;
  /** Who draws the images of /generate-images, said on that page. */
  imageGenerator: 'built-in' | 'ai-service';
  /** The blog's handle and actor on the fediverse (null on the static copy: following needs the server). */
  fediverse: FediverseInfo | null;
}

export interface RootData {
  site: SiteInfo;
  user: SessionUser | null;
  /**
   * The zone a page's moments are written in (web/lib/dates.ts): for the signed-in, their
   * browser's as its last page told (web/lib/time-zone.ts), else the owner's.
   */
  timeZone: string;
}

/** The zone of the page's moments, from the root loader (the owner's where there is none). */
export function useTimeZone(): string {
  return useRouteLoaderData<RootData>('root')?.timeZone ?? OWNER_TIME_ZONE;
}

/** The site info of the root loader, for components of any page. */
export function useSiteInfo(): SiteInfo {
  const data = useRouteLoaderData<RootData>('root');
  if (!data) throw new Error('The root loader data is missing');
  return data.site;
}
