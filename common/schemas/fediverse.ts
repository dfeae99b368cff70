/** The owner's side of the blog on the fediverse (issue 47): the handle's name, approval, followers. */
import { z } from 'zod';

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

/** GET /api/admin/fediverse. */
export const fediverseOwnerSchema = fediverseSettingsSchema.extend({
  handle: z.string(),
  defaultName: z.string(),
  followers: z.array(fediverseFollowerSchema),
  /** Accepted followers (the pending ones wait in `followers` too). */
  followerCount: z.number().int(),
});
export type FediverseOwner = z.infer<typeof fediverseOwnerSchema>;
