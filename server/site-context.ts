/**
 * What every module builds on (ADR 015): the configuration and database, the server secret and
 * the form tokens signed with it, the read cache and its events (kept in step with the other
 * processes on the same PostgreSQL), the file storage, the one mail transport, the bot check and
 * the clock. Redis, when
 * set, is handed to the modules that count in it.
 */
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { AppOptions } from './app.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createBotCheck } from './lib/anti-spam.ts';
import { connectCacheBus } from './lib/cache-bus.ts';
import { bundledCountryFiles, type CountryOf, countryLookup } from './lib/country.ts';
import { createFormTokens, databaseFormTokenUses } from './lib/form-token.ts';
import { createMailTransport } from './lib/mail.ts';
import { ReadCache } from './lib/read-cache.ts';
import { resolveSecret } from './lib/secret.ts';
import { SiteEvents } from './lib/site-events.ts';
import type { SiteContext } from './lib/site-module.ts';
import { storageFromConfig } from './lib/storage.ts';
import { databaseWindowCounters } from './lib/window-counters.ts';

/** One table per process for each list of files (tests build many apps; the table is about a second to read). */
const countryTables = new Map<string, CountryOf>();

function countryOf(files: string | undefined, warn: (message: string) => void): CountryOf {
  const list = files ? files.split(/\s+/).filter(Boolean) : bundledCountryFiles();
  const key = list.join('\n');
  let lookup = countryTables.get(key);
  if (!lookup) {
    lookup = countryLookup(list, warn);
    countryTables.set(key, lookup);
  }
  return lookup;
}

export async function createSiteContext(
  app: FastifyInstance,
  config: Config,
  database: Database,
  clock: AppOptions['clock'],
): Promise<{ context: SiteContext; redis: Redis | undefined }> {
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 }) : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
    app.addHook('onClose', async () => void (await redis.quit()));
  }
  const serverSecret = resolveSecret(config.SESSION_SECRET, config.DATA_DIR);
  const formTokens = createFormTokens(serverSecret);
  const { db } = database;
  const events = new SiteEvents();
  const cache = new ReadCache(events);
  if (database.url) {
    // Several processes may share this PostgreSQL: keep their read caches in step.
    const bus = await connectCacheBus(database.url, cache, (error) =>
      app.log.warn({ err: error }, 'cache bus error'),
    );
    app.addHook('onClose', () => bus.close());
  }
  const storage = await storageFromConfig(config);
  app.addHook('onClose', async () => storage.close?.());
  // One transport for every outbox (closed after their senders: onClose hooks run last-added first).
  const mail = config.SMTP_URL ? createMailTransport(config.SMTP_URL) : undefined;
  if (mail) app.addHook('onClose', async () => mail.close());
  const context: SiteContext = {
    ...{ config, database, db, cache, events, storage, formTokens, serverSecret, log: app.log },
    ...(mail ? { mail } : {}),
    botCheck: createBotCheck(formTokens, databaseFormTokenUses(db)),
    // Limits and lockouts outlive a restart: counted in the database (Redis, when set, counts its own).
    counters: databaseWindowCounters(db),
    countryOf: countryOf(config.ANALYTICS_COUNTRY_FILES, (message) => app.log.warn(message)),
    ...(clock ? { now: clock.now, ...(clock.timers ? { timers: clock.timers } : {}) } : {}),
  };

  return { context, redis };
}
