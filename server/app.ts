/**
 * Builds the Fastify application: the shared pieces every module builds on, the cross-cutting
 * plugins, then the list of modules (server/modules/<domain>/module.ts), each with its service,
 * routes, owner routes and jobs. It never listens; server/main.ts does, and tests call
 * `app.inject` on it.
 */
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createServer } from './http-server.ts';
import { createDeviceCookies } from './lib/device-cookie.ts';
import type { RemoteImages } from './lib/outbound.ts';
import type { ReadCache } from './lib/read-cache.ts';
import { registerModules, type Timers } from './lib/site-module.ts';
import { createVisitCookies } from './lib/visit.ts';
import { adminModule } from './modules/admin/module.ts';
import { aiModule } from './modules/ai/module.ts';
import { analyticsModule } from './modules/analytics/module.ts';
import { authModule } from './modules/auth/module.ts';
import { backupModule } from './modules/backup/module.ts';
import { blogModule } from './modules/blog/module.ts';
import { bookingModule } from './modules/booking/module.ts';
import { commentsModule } from './modules/comments/module.ts';
import { contactModule } from './modules/contact/module.ts';
import { contributionsModule } from './modules/contributions/module.ts';
import { fediverseModule } from './modules/fediverse/module.ts';
import { formTokenModule } from './modules/form-token/module.ts';
import { healthModule } from './modules/health/module.ts';
import { newsletterModule } from './modules/newsletter/module.ts';
import { notificationsModule } from './modules/notifications/module.ts';
import { projectsModule } from './modules/projects/module.ts';
import { resumeModule } from './modules/resume/module.ts';
import { seoModule } from './modules/seo/module.ts';
import { skillsModule } from './modules/skills/module.ts';
import { testimonialsModule } from './modules/testimonials/module.ts';
import { uploadsModule } from './modules/uploads/module.ts';
import { webmentionModule } from './modules/webmention/module.ts';
import { contentImagesFolder } from './paths.ts';
import errorsPlugin from './plugins/errors.ts';
import securityPlugin from './plugins/security.ts';
import sessionPlugin from './plugins/session.ts';
import { type WebOptions, webPlugin } from './plugins/web.ts';
import { createSiteContext } from './site-context.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Pino options, or false for no logs (the default in tests). */
  logger?: FastifyServerOptions['logger'];
  /** Serve the web app (pages); without it only the API, images and a plain 404 page answer. */
  web?: Omit<WebOptions, 'config' | 'events'>;
  /** The clock and timers that decide when scheduled posts go live (tests control them). */
  clock?: { now: () => Date; timers?: Timers };
  /** How the demo framing check reaches the demos' sites (tests send it to a stand-in server). */
  framingFetch?: typeof fetch;
  /** How a post import fetches images on other sites (tests: only stand-in servers on this machine). */
  remoteImages?: RemoteImages;
  /** Run the wall-clock jobs (daily backups, weekly digest, mail delivery) from ready to close; main.ts does. */
  periodicJobs?: boolean;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, clock } = options;
  const app = createServer(config, options.logger ?? false);
  const { context, redis } = await createSiteContext(app, config, database, clock);
  const { cache, events } = context;

  // Each module after the ones whose services it uses.
  const auth = await authModule(context, redis);
  const blog = blogModule(context, options.remoteImages);
  const comments = commentsModule(context, blog.blog);
  const contributions = contributionsModule(context, blog);
  const newsletter = newsletterModule(context);
  // The quote form's newsletter box subscribes the same way as the newsletter's own form.
  const contact = contactModule(context, newsletter.newsletter.subscribers);
  const resume = resumeModule(context);
  const testimonials = testimonialsModule(context);
  // A booked call joins the visitor's open request in the pipeline, or starts a lead (issue 49).
  const booking = bookingModule(context, contact.contact);
  // The Sources report sets the pipeline's leads beside the visitors of the same source.
  const analytics = analyticsModule(context, contact.contact);
  const notifications = notificationsModule(context, {
    analytics: analytics.analytics,
    contact: contact.contact,
    booking: booking.booking,
    newsletter: newsletter.newsletter,
  });
  const backup = await backupModule(context);
  const projects = projectsModule(context, options.framingFetch);
  const fediverse = fediverseModule(context, blog.blog, comments.comments);
  const webmention = webmentionModule(context, blog.blog);
  const health = healthModule(context);
  const modules = [
    health,
    auth,
    blog,
    comments,
    contributions,
    formTokenModule(context),
    contact,
    newsletter,
    resume,
    booking,
    testimonials,
    uploadsModule(context),
    backup,
    aiModule(context),
    skillsModule(context),
    projects,
    seoModule(context, blog.blog, newsletter.newsletter),
    fediverse,
    webmention,
    analytics,
    notifications,
  ];
  // What waits for the owner in each domain (the dashboard's navigation).
  const summary = {
    comments: comments.comments,
    contributions: contributions.contributions,
    contact: contact.contact,
    resume: resume.resume,
    testimonials: testimonials.testimonials,
    outbox: notifications.outbox,
  };

  app.decorate('readCache', cache);
  app.decorate('publisher', blog.publisher);
  app.decorate('digest', notifications.digest);
  app.decorate('newsletter', newsletter.newsletter);
  app.decorate('backups', backup.backups);
  app.decorate('framing', projects.framing);
  app.decorate('fediverse', fediverse.federated);
  app.decorate('webmentions', webmention.webmentions);
  app.decorate('calendarWrites', booking.calendarWrites);
  app.decorate('drain', health.drain);
  app.decorate('bookingReminders', { sendDue: () => booking.booking.sendReminders() });

  await app.register(errorsPlugin);
  // Compressed answers above 1 KB; Brotli at a fast level for streamed pages (assets are precompressed).
  await app.register(fastifyCompress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Limits outlive a restart: counted in Redis when set, otherwise in the database.
  await app.register(securityPlugin, {
    config,
    counters: context.counters,
    ...(redis ? { redis } : {}),
  });
  await app.register(sessionPlugin, {
    config,
    auth: auth.auth,
    devices: createDeviceCookies(context.serverSecret),
  });
  // Every answer timed by its route, and the page cache's answers counted (/metrics, issue 66).
  app.addHook('onResponse', health.metrics.onResponse);
  // Before any module's routes: a form's route that names a goal counts it on success (issue 48).
  app.addHook('onSend', analytics.goalHook);
  // A post's page asked for as ActivityPub is its Article (the fediverse's, issue 64).
  app.addHook('onRequest', fediverse.pageAsActivity);
  await registerModules(app, [...modules, adminModule(modules, summary)], {
    periodicJobs: options.periodicJobs ?? false,
  });
  // Long-lived in browsers: an image that changes gets a new file name (content/README.md).
  await app.register(fastifyStatic, {
    root: contentImagesFolder,
    prefix: '/images/',
    maxAge: '30d',
    index: false,
  });
  if (options.web) {
    const visits = createVisitCookies(context.serverSecret, context.formTokens);
    await webPlugin(app, { config, maxRenders: config.MAX_RENDERS, events, visits, ...options.web });
  }
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The public read cache; writes invalidate it. */
    readCache: ReadCache;
    /** Makes scheduled posts live when their time comes. */
    publisher: import('./modules/blog/schedule.ts').Publisher;
    /** Queues the owner's weekly digest on Mondays (a periodic job). */
    digest: import('./modules/notifications/digest.ts').Digest;
    /** The newsletter's list and issues (tests announce and send by hand). */
    newsletter: import('./modules/newsletter/service.ts').NewsletterService;
    /** The daily backups (a periodic job). */
    backups: import('./modules/backup/service.ts').BackupService;
    /** Posts told to the fediverse's followers (tests tell a change and deliver by hand). */
    fediverse: {
      sync(postId: number): Promise<number>;
      answerBack(answer: { replyId: number; commentId: number }): Promise<number>;
      deliverDue(): Promise<boolean>;
    };
    /** Webmention's queues (tests queue a post's links, send and read sources by hand). */
    webmentions: {
      queueFor(postId: number): Promise<number>;
      sendDue(): Promise<boolean>;
      checkDue(): Promise<boolean>;
    };
    /** Stopping: /readyz answers 503 from now on, while requests are still served (server/main.ts). */
    drain: () => void;
    /** Bookings written to the owner's CalDAV calendar (tests write the due events by hand). */
    calendarWrites: import('./modules/booking/calendars/writes.ts').CalendarWrites;
    /** Calls' reminders (tests send the due ones by hand, on their clock). */
    bookingReminders: { sendDue(): Promise<number> };
    /** Whether each demo's site lets this one frame it (undefined when the check is off). */
    framing: import('./modules/projects/framing.ts').FramingChecks | undefined;
  }
}
