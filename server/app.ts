/**
 * Builds the Fastify application: plugins, services and routes. It never
 * listens; server/main.ts does, and tests call `app.inject` on it.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { demoFrameUrl } from '../common/demo-frame.ts';
import { contactInfo, OWNER_TIME_ZONE, profile } from '../content/profile.ts';
import { projects } from '../content/projects.ts';
import { testimonials as placeholderTestimonials } from '../content/testimonials.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createBotCheck } from './lib/anti-spam.ts';
import { connectCacheBus } from './lib/cache-bus.ts';
import { generateCover } from './lib/cover.ts';
import { createDeviceCookies } from './lib/device-cookie.ts';
import { databaseFailureCounter, redisFailureCounter } from './lib/failure-counter.ts';
import { createFormTokens, databaseFormTokenUses } from './lib/form-token.ts';
import { BAD_ADDRESS } from './lib/input-guard.ts';
import { PageCache } from './lib/page-cache.ts';
import { ReadCache } from './lib/read-cache.ts';
import { resolveSecret } from './lib/secret.ts';
import { storageFromConfig } from './lib/storage.ts';
import { databaseWindowCounters } from './lib/window-counters.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { localProvider, openAiCompatibleProvider } from './modules/ai/providers.ts';
import { aiRoutes } from './modules/ai/routes.ts';
import { createAiService } from './modules/ai/service.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { createAnalyticsService } from './modules/analytics/service.ts';
import { githubRoutes } from './modules/auth/github.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createSecurityService } from './modules/auth/security.ts';
import { securityRoutes } from './modules/auth/security-routes.ts';
import { ACCOUNT_PACE_MS, createAuthService, LOGIN_WINDOW_MS } from './modules/auth/service.ts';
import { backupRoutes } from './modules/backup/routes.ts';
import {
  type BackupService,
  createBackupService,
  writeLocalAddress,
  writeLocalBackupToken,
} from './modules/backup/service.ts';
import { markdownRoutes } from './modules/blog/markdown-routes.ts';
import { blogRoutes } from './modules/blog/routes.ts';
import { createPublisher, type Publisher, type Timers } from './modules/blog/schedule.ts';
import { createBlogService } from './modules/blog/service.ts';
import { bookingRoutes } from './modules/booking/routes.ts';
import { createBookingService, defaultBookingSettings } from './modules/booking/service.ts';
import { commentRoutes } from './modules/comments/routes.ts';
import { createCommentService } from './modules/comments/service.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { createContactService } from './modules/contact/service.ts';
import { contributionRoutes } from './modules/contributions/routes.ts';
import { createContributionService } from './modules/contributions/service.ts';
import { formTokenRoutes } from './modules/form-token/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { createDigest, type Digest } from './modules/notifications/digest.ts';
import { createOutboxService } from './modules/notifications/outbox.ts';
import { createFramingChecks, type FramingChecks } from './modules/projects/framing.ts';
import { projectRoutes } from './modules/projects/routes.ts';
import { resumeRoutes } from './modules/resume/routes.ts';
import { createResumeService } from './modules/resume/service.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { shareImageStore } from './modules/seo/share-image.ts';
import { skillRoutes } from './modules/skills/routes.ts';
import { createSkillService } from './modules/skills/service.ts';
import { testimonialRoutes } from './modules/testimonials/routes.ts';
import { createTestimonialService } from './modules/testimonials/service.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { contentImagesFolder } from './paths.ts';
import errorsPlugin, { plainPage } from './plugins/errors.ts';
import securityPlugin, { securityHeaders } from './plugins/security.ts';
import sessionPlugin from './plugins/session.ts';
import { type WebOptions, webPlugin } from './plugins/web.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Pino options, or false for no logs (the default in tests). */
  logger?: FastifyServerOptions['logger'];
  /** Serve the web app (pages); without it only the API, images and a plain 404 page answer. */
  web?: Omit<WebOptions, 'config'>;
  /** The clock and timers that decide when scheduled posts go live (tests control them). */
  clock?: { now: () => Date; timers?: Timers };
  /** How the demo framing check reaches the demos' sites (tests send it to a stand-in server). */
  framingFetch?: typeof fetch;
}

// Secrets that must never reach a log line, wherever they appear in the URL.
const SECRET_IN_URL = /(\/api\/resume\/download\/)[^/?#]+|([?&](?:token|code|state|preview)=)[^&#]*/gi;

/** The request fields logged for each request: no headers, so no cookie or authorization. */
export function serializeRequestForLog(request: { method: string; url: string; ip?: string }) {
  return { method: request.method, url: request.url.replace(SECRET_IN_URL, '$1$2[redacted]') };
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    serializers: { req: serializeRequestForLog },
    // The req serializer never emits headers; these catch secrets in objects logged by hand.
    redact: { paths: ['*.password', '*.token', '*.accessToken'], censor: '[redacted]' },
  };
}

/**
 * One access-log line per request, written when it completes, instead of
 * Fastify's two (incoming + completed). Writes, client errors and failures are
 * logged at info (errors at error); successful reads at debug: they are the
 * bulk of the traffic, and logging each cost a third of the cached read
 * throughput (bench/api.ts). LOG_LEVEL=debug logs every request. Health probes
 * are never logged.
 */
class AccessLog extends LogController {
  constructor() {
    super({ disableRequestLogging: (request) => request.url === '/healthz' || request.url === '/readyz' });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: FastifyError | null, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const fields = {
      req: request,
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else if (reply.statusCode >= 400 || (request.method !== 'GET' && request.method !== 'HEAD')) {
      reply.log.info(fields, 'request completed');
    } else reply.log.debug(fields, 'request completed');
  }
}

export async function buildApp({
  config,
  database,
  framingFetch,
  logger = false,
  web,
  clock,
}: AppOptions): Promise<FastifyInstance> {
  const headers = securityHeaders(config);
  const app = Fastify({
    logger,
    genReqId: () => randomUUID(),
    // A request id sent by the client is not trusted for correlation in our logs.
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    logController: new AccessLog(),
    // An address the router cannot even decode (broken percent escapes): the same 400 as one
    // with a control character, with the usual headers, instead of Fastify's own answer.
    frameworkErrors: (_error, request, raw) => {
      const reply = raw as unknown as FastifyReply;
      const api = request.url.startsWith('/api/');
      reply
        .headers(api ? headers.api : headers.page)
        .header('x-request-id', request.id)
        .code(400);
      if (api) return reply.send({ message: BAD_ADDRESS });
      return reply.type('text/html; charset=utf-8').send(plainPage('400 Bad Request', BAD_ADDRESS));
    },
    // X-Forwarded-For is believed only from the proxies named (addresses) or counted (hops).
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 }) : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  }
  const serverSecret = resolveSecret(config.SESSION_SECRET, config.DATA_DIR);
  const formTokens = createFormTokens(serverSecret);
  const { db } = database;
  const botCheck = createBotCheck(formTokens, databaseFormTokenUses(db));

  const cache = new ReadCache();
  if (database.url) {
    // Several processes may share this PostgreSQL: keep their read caches in step.
    const bus = await connectCacheBus(database.url, cache, (error) =>
      app.log.warn({ err: error }, 'cache bus error'),
    );
    app.addHook('onClose', () => bus.close());
  }
  // Limits and lockouts outlive a restart: counted in Redis when set, otherwise in the database.
  const counters = databaseWindowCounters(db);
  // Sign-in failures follow the test clock when there is one (a lockout's window can pass in a test).
  const failureCounters = clock ? databaseWindowCounters(db, () => clock.now().getTime()) : counters;
  const failureCounter = (windowMs: number) =>
    redis ? redisFailureCounter(redis, windowMs) : databaseFailureCounter(failureCounters, windowMs);
  const auth = createAuthService(db, failureCounter(LOGIN_WINDOW_MS), failureCounter(ACCOUNT_PACE_MS));
  const security = createSecurityService(db, {
    publicUrl: config.publicUrl,
    siteName: profile.name,
    serverSecret,
    ...(clock ? { now: clock.now } : {}),
  });
  // Authenticator secrets are sealed under the server secret, never kept (or backed up) in plain text.
  const { unreadable } = await security.sealStoredSecrets();
  for (const username of unreadable) {
    app.log.warn(
      { username },
      'this authenticator app was set up under another server secret (SESSION_SECRET or DATA_DIR/secret): sign in with a recovery code or a passkey and set it up again, or run npm run admin:reset-2fa',
    );
  }
  const blog = createBlogService(db, cache, clock ? { now: clock.now } : {});
  const comments = createCommentService(db, cache, config.publicUrl);
  const skills = createSkillService(db, cache);
  const storage = await storageFromConfig(config);
  app.addHook('onClose', async () => storage.close?.());
  const contributions = createContributionService(db, blog, async (title, tags) =>
    storage.save(await generateCover(title, tags), 'webp'),
  );
  // Scheduled posts go live on time: the publisher sleeps until the next one, re-armed by every write.
  const publisher = createPublisher({
    nextScheduledAt: () => blog.nextScheduledAt(),
    publishDue: () => blog.publishDue(),
    ...(clock ? { now: clock.now, ...(clock.timers ? { timers: clock.timers } : {}) } : {}),
    onError: (error) => app.log.warn({ err: error }, 'scheduled publishing'),
  });
  cache.onLocalInvalidate(() => void publisher.rearm());
  app.addHook('onReady', () => publisher.rearm());
  app.addHook('onClose', async () => publisher.stop());
  app.decorate('publisher', publisher);
  const contact = createContactService(db, clock?.now);
  const outbox = createOutboxService(db, { mailConfigured: !!(config.SMTP_URL && config.NOTIFY_EMAIL) });
  const resume = createResumeService(db);
  const testimonials = createTestimonialService(db, cache, {
    siteUrl: config.publicUrl,
    ownerName: profile.name,
    placeholders: placeholderTestimonials,
    ...(clock ? { now: clock.now } : {}),
  });
  const booking = createBookingService(db, cache, {
    siteUrl: config.publicUrl,
    ownerName: profile.name,
    ownerEmail: config.NOTIFY_EMAIL ?? contactInfo.email,
    defaults: defaultBookingSettings(OWNER_TIME_ZONE),
    ...(clock ? { now: clock.now } : {}),
  });
  const analytics = createAnalyticsService(db, { rawRetentionDays: config.ANALYTICS_RAW_DAYS });
  // The owner's weekly digest, queued on Mondays; started by main.ts (tests call runOnce).
  app.decorate(
    'digest',
    createDigest({
      db,
      analytics,
      contact,
      booking,
      timeZone: OWNER_TIME_ZONE,
      siteUrl: config.publicUrl,
      ...(clock ? { now: clock.now } : {}),
      onError: (error) => app.log.warn({ err: error }, 'weekly digest'),
    }),
  );
  app.addHook('onClose', async () => app.digest.stop());
  // Daily backups into BACKUP_DIR; started by main.ts (tests call runDaily).
  const backups = createBackupService({
    db,
    storage,
    directory: config.BACKUP_DIR ?? join(config.DATA_DIR, 'backups'),
    keep: config.BACKUP_KEEP,
    ...(clock ? { now: clock.now } : {}),
    onError: (error) => app.log.warn({ err: error }, 'daily backup'),
  });
  app.decorate('backups', backups);
  app.addHook('onClose', async () => backups.stop());
  app.decorate('readCache', cache);

  await app.register(errorsPlugin);
  // Compressed answers above 1 KB; Brotli at a fast level for streamed pages (assets are precompressed).
  await app.register(fastifyCompress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(securityPlugin, { config, counters, ...(redis ? { redis } : {}) });
  await app.register(sessionPlugin, { config, auth, devices: createDeviceCookies(serverSecret) });
  await app.register(authRoutes, { auth, security, config });
  await app.register(securityRoutes, { security });
  await app.register(githubRoutes, { config, db });
  await app.register(healthRoutes, { ping: () => database.ping() });
  await app.register(blogRoutes, { blog, cache });
  await app.register(commentRoutes, { blog, comments, cache, botCheck });
  await app.register(contributionRoutes, { contributions, botCheck });
  await app.register(formTokenRoutes, { formTokens });
  await app.register(contactRoutes, { contact });
  await app.register(resumeRoutes, { resume });
  await app.register(adminRoutes, {
    blog,
    comments,
    contributions,
    contact,
    resume,
    skills,
    analytics,
    storage,
    outbox,
    testimonials,
    booking,
  });
  await app.register(bookingRoutes, { booking, cache });
  await app.register(testimonialRoutes, { testimonials, cache });
  await app.register(uploadRoutes, { storage });
  await app.register(markdownRoutes, { db, storage, blog });
  await app.register(backupRoutes, {
    backups,
    // Only the embedded database needs it: with PostgreSQL, `npm run backup` reads the database itself.
    ...(database.kind === 'pglite' ? { localToken: writeLocalBackupToken(config.DATA_DIR) } : {}),
  });
  if (database.kind === 'pglite') {
    // Where `npm run backup` finds this site, whatever PORT its own shell has (or lacks).
    app.addHook('onListen', (done) => {
      writeLocalAddress(config.DATA_DIR, app.server.address());
      done();
    });
  }
  const aiProvider =
    config.AI_PROVIDER === 'openai-compatible' && config.AI_BASE_URL
      ? openAiCompatibleProvider({
          baseUrl: config.AI_BASE_URL,
          apiKey: config.AI_API_KEY,
          chatModel: config.AI_CHAT_MODEL,
          imageModel: config.AI_IMAGE_MODEL,
          timeoutMs: config.AI_TIMEOUT_MS,
          catalogue: projects,
          log: app.log,
        })
      : localProvider(projects);
  await app.register(aiRoutes, { ai: createAiService(db, aiProvider, storage) });
  await app.register(skillRoutes, { skills, cache, botCheck });
  const checkFraming =
    config.DEMO_FRAME_CHECK === 'on' || (config.DEMO_FRAME_CHECK === 'auto' && config.isHttps);
  const framing = checkFraming
    ? createFramingChecks({
        urls: projects.map(demoFrameUrl).filter((url): url is string => url !== undefined),
        siteOrigin: new URL(config.publicUrl).origin,
        ...(framingFetch ? { fetch: framingFetch } : {}),
        // Project pages are cached: made again with the new verdict.
        onChange: () => cache.invalidate('projects:'),
        onError: (error) => app.log.warn({ err: error }, 'demo framing check'),
      })
    : undefined;
  if (framing) {
    app.addHook('onReady', async () => framing.start());
    app.addHook('onClose', async () => framing.stop());
  }
  app.decorate('framing', framing);
  await app.register(projectRoutes, { ...(framing ? { framing } : {}) });
  await app.register(seoRoutes, {
    blog,
    siteUrl: config.publicUrl,
    cache,
    shareImages: shareImageStore(join(config.DATA_DIR, 'share-images')),
    sharedCacheSeconds: config.SHARED_CACHE_SECONDS,
  });
  await app.register(analyticsRoutes, { analytics });
  await app.register(fastifyStatic, {
    root: contentImagesFolder,
    prefix: '/images/',
    // Long-lived in browsers: an image that changes gets a new file name (content/README.md).
    maxAge: '30d',
    index: false,
  });
  if (web) {
    // Finished pages for visitors without a session; any write that changes a public read empties it.
    const pageCache = new PageCache();
    cache.onLocalInvalidate(() => pageCache.clear());
    await webPlugin(app, {
      config,
      pageCache,
      maxRenders: config.MAX_RENDERS,
      onPublicWrite: (listener) => cache.onLocalInvalidate(listener),
      ...web,
    });
  }

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The public read cache; writes invalidate it. */
    readCache: ReadCache;
    /** Makes scheduled posts live when their time comes. */
    publisher: Publisher;
    /** Queues the owner's weekly digest on Mondays (main.ts starts it). */
    digest: Digest;
    /** The daily backups (main.ts starts them). */
    backups: BackupService;
    /** Whether each demo's site lets this one frame it (undefined when the check is off). */
    framing: FramingChecks | undefined;
  }
}
