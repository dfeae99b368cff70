/**
 * A module is one domain of the site as the server sees it: its service, its public routes,
 * the owner's routes and its background jobs. server/app.ts builds each module once, in the
 * order their services need each other, and hands the list to `registerModules`.
 */

import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { BotCheck } from './anti-spam.ts';
import type { CountryOf } from './country.ts';
import type { FormTokens } from './form-token.ts';
import type { MailTransport } from './mail.ts';
import type { ReadCache } from './read-cache.ts';
import type { SiteEvents } from './site-events.ts';
import type { FileStorage } from './storage.ts';
import type { WindowCounters } from './window-counters.ts';

/** Timers a job sleeps on (tests give their own, to move time by hand). */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Work a module does in the background, from the server's ready to its close. */
export interface Job {
  name: string;
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
  /**
   * Work on the wall clock (a daily backup, a weekly email, mail delivery): started only when the
   * app is told to (`periodicJobs`, as server/main.ts does); tests call such a job's run by hand.
   * Jobs that keep a request's promise (scheduled posts going live) always run.
   */
  periodic?: boolean;
}

export interface SiteModule {
  /** The domain's folder name under server/modules. */
  name: string;
  /** Public routes and hooks, registered at the root. */
  routes?: FastifyPluginAsync;
  /** The owner's routes, registered inside the one admin scope, which checks the guard for all of them. */
  adminRoutes?: FastifyPluginAsync;
  jobs?: Job[];
}

/** What every module may build on: shared by all, owned by none. */
export interface SiteContext {
  config: Config;
  database: Database;
  db: Db;
  /** The public read cache; its invalidations are the 'public-content-changed' event. */
  cache: ReadCache;
  events: SiteEvents;
  storage: FileStorage;
  /** The process's one mail transport (SMTP_URL), shared by every outbox's sender; none without SMTP_URL. */
  mail?: MailTransport;
  botCheck: BotCheck;
  /** The window counters of rate limits and sign-in lockouts, kept in the database. */
  counters: WindowCounters;
  formTokens: FormTokens;
  /** The country of an IP address (the bundled table, read on first use); the address is not kept. */
  countryOf: CountryOf;
  serverSecret: string;
  log: FastifyBaseLogger;
  /** The clock the site's rules read (tests move it). */
  now?: () => Date;
  /** The timers of scheduled publishing (tests control them). */
  timers?: Timers;
}

/** The clock option a service takes, when the site has a clock of its own (tests). */
export const clockOf = (context: Pick<SiteContext, 'now'>): { now?: () => Date } =>
  context.now ? { now: context.now } : {};

/**
 * Registers each module's public routes, then `adminScope` (which registers their admin
 * routes), and ties their jobs to the server: started when it is ready, stopped when it closes.
 */
export async function registerModules(
  app: FastifyInstance,
  modules: SiteModule[],
  { periodicJobs }: { periodicJobs: boolean },
): Promise<void> {
  for (const module of modules) if (module.routes) await app.register(module.routes);
  const jobs = modules.flatMap((module) => module.jobs ?? []).filter((job) => periodicJobs || !job.periodic);
  app.addHook('onReady', async () => {
    for (const job of jobs) await job.start();
  });
  app.addHook('onClose', async () => {
    await Promise.all(jobs.map(async (job) => job.stop()));
  });
}
