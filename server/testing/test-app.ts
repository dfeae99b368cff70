/**
 * Test harness: an app on a fresh database. In-memory PGlite by default; when
 * TEST_DATABASE_URL is set, a new PostgreSQL database is created for each app
 * and dropped when it closes, so every run and every file starts clean.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type AppOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { createAdmin, seedDatabase } from '../db/seed.ts';
import { createFormTokens, type FormKind } from '../lib/form-token.ts';
import { loopbackImages } from '../lib/outbound.ts';
import { hashPassword } from '../lib/passwords.ts';
import { migrationsFolder } from '../paths.ts';
import { multipartFile } from './multipart.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** A valid token for a form (and scope: a comment's post id) issued `ageMs` ago (default 10 s: long enough for a person). */
  formToken(form: FormKind, scope?: string | number, ageMs?: number): string;
  /** Creates an account (admin or not) and signs it in; returns the Cookie header to send. */
  signIn(role: 'admin' | 'user', username?: string): Promise<string>;
  /** Writes a post as the owner signed in with `cookie` (POST /api/blog, the editor's route); its answer. */
  writePost(cookie: string, post: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** Uploads an image as the editor does (POST /api/upload, a PNG unless told); its answer. */
  upload(
    cookie: string,
    bytes: Buffer,
    filename?: string,
    contentType?: string,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Copy the content/ seed data in (default true). */
  seed?: boolean;
  env?: Record<string, string>;
  /** Join an existing PostgreSQL database instead of making a new one (a second process). */
  databaseUrl?: string;
  /** Open embedded PGlite stored in this folder (to restart an app on the same data). */
  pgliteDir?: string;
  /** Serve pages too (tests of the page cache give a stand-in renderer). */
  web?: AppOptions['web'];
  /** The clock and timers of scheduled publishing. */
  clock?: AppOptions['clock'];
  /** How the demo framing check reaches the demos (a stand-in server). */
  framingFetch?: AppOptions['framingFetch'];
  /** How an import fetches images on other sites: by default only stand-in servers on this machine. */
  remoteImages?: AppOptions['remoteImages'];
  /** The app's logger (a test that reads what was logged passes a stream). */
  logger?: AppOptions['logger'];
}

export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDatabase({ kind: 'memory', from: await migratedTemplate() });
  return openPostgresTestDatabase(adminUrl);
}

/** The PostgreSQL server the tests that need one use: TEST_DATABASE_URL, else the local one. */
export const postgresTestUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Whether that server answers (within 2 s), for the tests that run only where it does. */
export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresTestUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A new, migrated PostgreSQL database on the server `adminUrl` names (the tests' one unless told), dropped when closed. */
export async function openPostgresTestDatabase(adminUrl = postgresTestUrl): Promise<Database> {
  const name = `portfolio_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/**
 * A migrated, empty PGlite data directory, made once per set of migrations and kept in the
 * system's temporary folder: starting from it takes about a second, where a new PGlite's own
 * set-up takes three on a 2-core machine. Every test app still gets a database of its own.
 */
function migratedTemplate(): Promise<Blob> {
  templateOnce ??= (async () => {
    const hash = createHash('sha256');
    for (const name of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
      const path = join(migrationsFolder, name);
      if (statSync(path).isFile()) hash.update(name).update(readFileSync(path));
    }
    // The PGlite build too: its package's main file changes with every release.
    hash.update(readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
    const file = join(tmpdir(), `portfolio-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const fresh = new PGlite();
    try {
      await migrate(drizzle({ client: fresh }), { migrationsFolder });
      const dump = await fresh.dumpDataDir('none');
      // Written aside and renamed: a parallel test file never reads half a template.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    } finally {
      await fresh.close();
    }
  })();
  return templateOnce;
}
let templateOnce: Promise<Blob> | undefined;

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'portfolio-test-')),
    ...options.env,
  });
  const database = options.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: options.databaseUrl, poolSize: 4 })
    : options.pgliteDir
      ? await openDatabase({ kind: 'pglite', dataDir: options.pgliteDir })
      : await openTestDatabase();
  if (options.seed !== false) await seedDatabase(database.db);
  const app = await buildApp({
    config,
    database,
    ...(options.web ? { web: options.web } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.framingFetch ? { framingFetch: options.framingFetch } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    // The tests never send traffic beyond this machine.
    remoteImages: options.remoteImages ?? loopbackImages({ timeoutMs: 3_000 }),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    formToken: (form, scope = '', ageMs = 10_000) =>
      createFormTokens(config.SESSION_SECRET ?? '', () => Date.now() - ageMs).issue(form, String(scope)),
    async signIn(role, username = `${role}-${freshIp().replaceAll('.', '-')}`) {
      const password = 'test-password-123';
      if (role === 'admin') await createAdmin(database.db, username, password);
      else await database.db.insert(users).values({ username, password: await hashPassword(password) });
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password },
        remoteAddress: freshIp(),
      });
      const cookie = res.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid');
      if (!cookie) throw new Error(`sign-in failed: ${res.body}`);
      return `${cookie.name}=${cookie.value}`;
    },
    writePost(cookie, post) {
      return app.inject({ method: 'POST', url: '/api/blog', headers: { cookie }, payload: post });
    },
    upload(cookie, bytes, filename = 'cover.png', contentType = 'image/png') {
      const { payload, headers } = multipartFile('image', filename, contentType, bytes);
      return app.inject({
        method: 'POST',
        url: '/api/upload',
        payload,
        headers: { ...headers, cookie },
        remoteAddress: freshIp(),
      });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A test app with the owner and a signed-in visitor: the set-up most route tests start from. */
export async function signedInTestApp(
  options: TestAppOptions = {},
): Promise<{ t: TestApp; admin: string; user: string }> {
  const t = await createTestApp(options);
  return { t, admin: await t.signIn('admin'), user: await t.signIn('user') };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A request to the app as `cookie` (another cookie, or '' for nobody, as the last argument), each
 * from an address of its own so the per-IP limits stay out of the way.
 */
export const caller =
  (t: TestApp, cookie: string) =>
  (method: Method, url: string, payload?: object, as = cookie) =>
    t.app.inject({ method, url, payload, headers: as ? { cookie: as } : {}, remoteAddress: freshIp() });

/** Every key of a JSON value, at any depth: for asserting private fields never appear. */
export function allKeys(value: unknown, keys = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) allKeys(item, keys);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      keys.add(key);
      allKeys(child, keys);
    }
  }
  return keys;
}

let ipCounter = 0;
/** A distinct client address per call, so per-IP rate limits stay out of tests that are not about them. */
export function freshIp(): string {
  ipCounter++;
  return `10.${(process.pid % 200) + 1}.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export const PRIVATE_KEYS = [
  'email',
  'ipAddress',
  'ip_address',
  'password',
  'passwordHash',
  'accessToken',
  'authorEmail',
];
