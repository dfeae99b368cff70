/** The blog on the fediverse (issue 47): an ActivityPub actor that people follow from Mastodon and the rest. */
import { join } from 'node:path';
import { FEDIVERSE_INFO_PATH } from '../../../common/fediverse.ts';
import { reactionCountsSchema } from '../../../common/schemas/fediverse.ts';
import { profile } from '../../../content/profile.ts';
import { queueRunner } from '../../lib/job-queue.ts';
import { outbound } from '../../lib/outbound.ts';
import { createSealer } from '../../lib/sealed.ts';
import type { Job, SiteContext, SiteModule } from '../../lib/site-module.ts';
import { contentImagesFolder } from '../../paths.ts';
import type { BlogService } from '../blog/service.ts';
import type { CommentService } from '../comments/service.ts';
import { fediverseAdminRoutes } from './admin-routes.ts';
import { avatarKeeper, ownAvatar } from './avatars.ts';
import type { Delivery } from './delivery.ts';
import { editionOf } from './editions.ts';
import { postPageAsActivity } from './negotiation.ts';
import { siteMessageQueue } from './queue.ts';
import { reactionCounts, reactionsCacheKey } from './reactions.ts';
import { fediverseRoutes } from './routes.ts';
import { handleOf, isBlocked, postConcernsFollowers } from './settings.ts';

export function fediverseModule(
  { db, config, serverSecret, cache, storage, events, counters, log }: SiteContext,
  blog: BlogService,
  comments: CommentService,
) {
  // A replier's icon, kept here in the background (the inbox answers without waiting for it).
  const keepAvatar = avatarKeeper({
    db,
    storage,
    images: outbound(config).images(),
  });
  // The blog's own picture as the fediverse shows it (a PNG of the profile's picture).
  const ownPicture = ownAvatar(join(contentImagesFolder, profile.profileImage.replace(/^\/images\//, '')));
  const avatarOf = (actorUri: string, iconUrl: string) =>
    void keepAvatar(iconUrl)
      .then((address) => comments.setFediverseAvatar(actorUri, address))
      .catch((error) => log.warn({ err: error, iconUrl }, 'fediverse avatar not kept'));
  // A post's likes and boosts changed: its counts (and the pages that show them) are made again.
  const reactionsChanged = (postIds: number[]) => {
    if (postIds.length > 0) cache.invalidate(...postIds.map(reactionsCacheKey));
  };
  // What the blog sends waits in the site's queue (queue.ts) until the job below hands it to Fedify.
  const queue = siteMessageQueue(db, createSealer(serverSecret, 'fediverse-queue'), {
    enqueued: () => runner.wake(),
  });
  // Fedify (and the JSON-LD and telemetry it brings) is loaded on the first request that needs it:
  // a fediverse server's, or the owner answering a follower. The pages and the dashboard's list read
  // settings.ts alone, and the server starts without it (issue 47; about 0.5 s of each start).
  let loading: ReturnType<typeof load> | undefined;
  const load = async () => {
    const [{ createBlogFederation }, { answerFollower }, { actorKeys }, { fedifyLogsTo }] = await Promise.all(
      [import('./federation.ts'), import('./inbox.ts'), import('./keys.ts'), import('./logging.ts')],
    );
    fedifyLogsTo(log);
    const federation = createBlogFederation({
      db,
      blog,
      comments,
      avatarOf,
      keys: actorKeys(db, createSealer(serverSecret, 'fediverse-keys')),
      reactionsChanged,
      // Every id starts with the public address when the site has one at a host's root (a copy
      // published under a sub-path, user.github.io/site/, cannot answer WebFinger at the root
      // anyway); else with the request's.
      origin:
        config.PUBLIC_URL && new URL(config.publicUrl).pathname === '/'
          ? new URL(config.publicUrl).origin
          : undefined,
      allowPrivateAddress: config.OUTBOUND_ALLOW_PRIVATE_ADDRESSES,
      queue,
    });
    // Fedify calls the global fetch itself (an inbox, an actor, a key): whatever it does for the
    // site runs under the outbound module's guard, with its limits (an inbox's answer is small).
    const guard = outbound(config).scope({ timeoutMs: 15_000, maxBytes: 1024 * 1024 });
    return { federation, answerFollower, guard };
  };
  const loaded = () => {
    loading ??= load().catch((error) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };

  /** `work` under the outbound module's guard (Fedify loaded). */
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => (await loaded()).guard.run(work);

  // Posts reach the followers (delivery.ts), only from a site with a public address (PUBLIC_URL):
  // another server must be able to read the actor that signed what it gets. Fedify is loaded when
  // a post's change concerns a follower, or something is due in the queue.
  const origin = config.PUBLIC_URL ? new URL(config.publicUrl).origin : null;
  let delivering: Promise<Delivery> | undefined;
  /** Only called with a public address (`origin`). */
  const delivery = () => {
    delivering ??= Promise.all([loaded(), import('./delivery.ts')])
      .then(([{ federation }, { createDelivery }]) =>
        createDelivery({ db, blog, federation, origin: origin ?? '' }),
      )
      .catch((error) => {
        delivering = undefined;
        throw error;
      });
    return delivering;
  };
  /** One round of the queue: the due messages handed to Fedify; true when there may be more at once. */
  const sendDue = async (): Promise<boolean> => {
    if (!(await queue.due())) return false;
    const { federation, guard } = await loaded();
    const taken = await queue.work((message) =>
      guard.run(() => federation.processQueuedTask(undefined, message)),
    );
    return taken > 0;
  };
  const runner = queueRunner({
    round: sendDue,
    idleMs: 30_000,
    busyMs: 100,
    onError: (error) => log.warn({ err: error }, 'fediverse deliveries'),
  });
  // One change at a time, in the order they came; what was queued wakes the sender.
  let syncing: Promise<unknown> = Promise.resolve();
  const inTurn = (what: string, work: (told: Delivery) => Promise<number>): Promise<number> => {
    const next = syncing.then(async () => {
      const told = await delivery();
      return guarded(() => work(told));
    });
    syncing = next.catch((error) => log.warn({ err: error }, `fediverse: ${what}`));
    return next;
  };
  /** What the followers should hear of a post's change (nothing when it concerns none of them). */
  const sync = async (postId: number): Promise<number> =>
    origin && (await postConcernsFollowers(db, postId))
      ? inTurn(`post ${postId} not told to followers`, (told) => told.sync(postId))
      : 0;
  /** The owner's answer to a reply from the fediverse goes back to it (and the followers). */
  const answerBack = async ({ replyId, commentId }: { replyId: number; commentId: number }) => {
    const thread = origin ? await comments.fediverseAnswer(replyId, commentId) : null;
    return thread ? inTurn(`answer ${replyId} not sent back`, (told) => told.answer(thread)) : 0;
  };
  const stops: Array<() => void> = [];
  const jobs: Job[] = [
    {
      // Writes what the followers should hear of each changed post (not periodic: it follows writes).
      name: 'fediverse: posts and answers told to followers',
      start: () => {
        stops.push(
          events.on('post-published', (post) => void sync(post.id).catch(() => undefined)),
          events.on('post-changed', (postId) => void sync(postId).catch(() => undefined)),
          events.on('comment-answered', (answer) => void answerBack(answer).catch(() => undefined)),
        );
      },
      stop: async () => {
        for (const stop of stops.splice(0)) stop();
        await syncing;
      },
    },
    { name: 'fediverse deliveries', periodic: true, start: runner.start, stop: runner.stop },
  ];
  const pageAsActivity = postPageAsActivity({
    post: async (slug) => {
      const post = await blog.findPublishedBySlug(slug);
      return post ? { objectPath: `/ap/posts/${encodeURIComponent(await editionOf(db, post))}` } : null;
    },
    answer: async (request) => {
      const { federation } = await loaded();
      return guarded(() => federation.fetch(request, { contextData: undefined }));
    },
  });

  return {
    name: 'fediverse',
    jobs,
    pageAsActivity,
    /**
     * For tests and the bench: a post's change told now, an answer sent back now, and a round of
     * what is due in the queue sent now (true when there may be more at once).
     */
    federated: { sync, answerBack, deliverDue: sendDue },
    adminRoutes: async (app) => {
      await app.register(fediverseAdminRoutes, {
        db,
        answerFollower: async (origin, row, kind) => {
          const { federation, answerFollower } = await loaded();
          await answerFollower(federation, origin, row, kind);
        },
        siteUrl: config.publicUrl,
        publicUrl: config.PUBLIC_URL,
        invalidate: () => cache.invalidate(FEDIVERSE_INFO_PATH),
        reactionsChanged,
        log,
      });
    },
    routes: async (app) => {
      await app.register(fediverseRoutes, {
        federation: async () => (await loaded()).federation,
        guarded,
        siteUrl: config.publicUrl,
        handle: () => handleOf(db, config.publicUrl),
        blocked: (actorUri) => isBlocked(db, actorUri),
        countedFrom: (host) => counters.read(`fediverse-inbox:${host}`),
        countFrom: (host) => counters.hit(`fediverse-inbox:${host}`, 60_000),
        perServerPerMinute: config.FEDIVERSE_INBOX_LIMIT,
        avatar: ownPicture,
        reactionCounts: (postId) =>
          cache.json(reactionsCacheKey(postId), reactionCountsSchema, async () =>
            (await blog.findPublishedById(postId)) ? reactionCounts(db, postId) : null,
          ),
      });
    },
  } satisfies SiteModule & Record<string, unknown>;
}
