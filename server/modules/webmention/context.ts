/**
 * What the two directions of Webmention share (issue 63): the service's dependencies, the
 * post's approved list read afresh, and the rounds a queue is worked through.
 */
import type { Db } from '../../db/client.ts';
import type { RemotePages } from '../../lib/outbound.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { BlogService } from '../blog/service.ts';

/** Sends and checks a round takes, and how many of them at once. */
export const ROUND = 20;
const AT_ONCE = 4;

export const mentionsCacheKey = (postId: number) => `webmentions:${postId}`;

export interface WebmentionDeps {
  db: Db;
  cache: ReadCache;
  blog: BlogService;
  pages: RemotePages;
  /** The site's address (PUBLIC_URL, or its local default): a target must be one of its posts. */
  siteUrl: string;
  /** Mentions are sent only from a public address (PUBLIC_URL). */
  sends: boolean;
}

/** A post's approved mentions are read afresh after this. */
export const forgetMentions = (cache: ReadCache, postIds: number[]) => {
  if (postIds.length > 0) cache.invalidate(...postIds.map(mentionsCacheKey));
};

/** Works through `rows`, a few at once. */
export const inBatches = async <T>(rows: T[], work: (row: T) => Promise<unknown>) => {
  for (let at = 0; at < rows.length; at += AT_ONCE) await Promise.all(rows.slice(at, at + AT_ONCE).map(work));
};
