/** The owner's side of the blog on the fediverse (issue 47): the handle's name, approval, followers. */
import { z } from './zod.ts';

/** A handle's name: what Mastodon users type before @host. */
export const handleNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Name is required')
  .max(30, 'Name must be at most 30 characters')
  .regex(/^[a-z0-9_]+$/, 'Use letters, digits and underscores only');

export const fediverseSettingsSchema = z.object({
  name: handleNameSchema,
  /** Each follower waits for the owner's approval. */
  approveFollowers: z.boolean(),
});
export type FediverseSettings = z.infer<typeof fediverseSettingsSchema>;

export const fediverseFollowerSchema = z.object({
  id: z.number().int(),
  handle: z.string(),
  name: z.string(),
  actorUri: z.string(),
  server: z.string(),
  state: z.enum(['accepted', 'pending']),
  followedAt: z.string(),
});
export type FediverseFollower = z.infer<typeof fediverseFollowerSchema>;

/**
 * A server's name as the owner types it to block it: `mastodon.example`, or pasted as an address
 * (`https://mastodon.example/@someone`) or a handle (`@someone@mastodon.example`), which name it too.
 */
export const serverNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((text) =>
    text
      .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
      .replace(/^@?[^@/\s]+@/, '')
      .replace(/[/?#].*$/, ''),
  )
  .pipe(
    z
      .string()
      .min(1, 'Server is required')
      .max(253, 'Server must be at most 253 characters')
      .regex(
        /^(?=[^.]*\.)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/,
        'Enter a server name, like mastodon.social',
      ),
  );

/** How the owner blocks from a follower's row: that person, or everyone on their server. */
export const followerBlockSchema = z.object({ scope: z.enum(['person', 'server']) });

export const fediverseBlockSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['person', 'server']),
  /** The person's handle, or the server's name. */
  label: z.string(),
  blockedAt: z.string(),
});
export type FediverseBlock = z.infer<typeof fediverseBlockSchema>;

/** A post's likes and boosts from the fediverse: GET /api/fediverse/posts/:postId/reactions. */
export const reactionCountsSchema = z.object({
  likes: z.number().int().nonnegative(),
  boosts: z.number().int().nonnegative(),
});
export type ReactionCounts = z.infer<typeof reactionCountsSchema>;

/** One like or boost, as the owner's list shows it. */
export const fediverseReactionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['like', 'boost']),
  handle: z.string(),
  name: z.string(),
  profileUrl: z.string(),
  /** Their server (host), for a block of it. */
  server: z.string(),
  post: z.object({ title: z.string(), slug: z.string() }),
  reactedAt: z.string(),
});
export type FediverseReaction = z.infer<typeof fediverseReactionSchema>;

/** GET /api/admin/fediverse. */
export const fediverseOwnerSchema = fediverseSettingsSchema.extend({
  handle: z.string(),
  defaultName: z.string(),
  followers: z.array(fediverseFollowerSchema),
  /** Newest first. */
  blocks: z.array(fediverseBlockSchema),
  /** Accepted followers (the pending ones wait in `followers` too). */
  followerCount: z.number().int(),
  /** Every post's likes and boosts together. */
  reactionCounts: reactionCountsSchema,
  /** The latest likes and boosts, newest first. */
  reactions: z.array(fediverseReactionSchema),
  /**
   * Why other servers cannot reach the site, so nobody can follow (PUBLIC_URL unset, or naming
   * this machine or a private network); null when its address is a public one.
   */
  unreachable: z.enum(['no-public-url', 'private-address']).nullable(),
  /** The site's address as other servers would use it. */
  siteUrl: z.string(),
});
export type FediverseOwner = z.infer<typeof fediverseOwnerSchema>;
