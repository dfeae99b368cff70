/**
 * What every part of the comment service shares (issue 63): the database, the post's public list
 * read afresh, and the site's address, owner and events.
 */
import type { Db } from '../../db/client.ts';
import type { SiteEvents } from '../../lib/site-events.ts';

export interface CommentContext {
  db: Db;
  /** A post's public comment list is read afresh after this. */
  forgetPost: (postId: number) => unknown;
  /** The public address, for the links in reply emails. */
  siteUrl: string;
  /** Who the owner's answers are from. */
  ownerName: string;
  events?: SiteEvents;
}
