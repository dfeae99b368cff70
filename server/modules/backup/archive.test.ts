import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blogPosts,
  fediverseBlocks,
  fediverseFollowers,
  fediverseReactions,
  newsletterSubscribers,
  totpFactors,
  webmentions,
} from '../../db/schema.ts';
import { localStorage } from '../../lib/storage.ts';
import { required } from '../../testing/required.ts';
import { listRoutes } from '../../testing/routes.ts';
import { samplePostText, sampleQuote } from '../../testing/samples.ts';
import {
  createTestApp,
  freshIp,
  openPostgresTestDatabase,
  postgresAnswers,
  type TestApp,
} from '../../testing/test-app.ts';
import { BackupRefusedError, writeBackupFile } from './archive.ts';
import { nonEmptyTables, restoreBackup } from './restore.ts';
import { schemaVersions } from './schema-version.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The newest migration's tag: what a backup of an up-to-date site names as its schema. */
const latestTag = schemaVersions().at(-1)?.tag;

const folder = () => mkdtempSync(join(tmpdir(), 'portfolio-backup-'));
const uploadsOf = (app: TestApp) => localStorage(join(app.config.DATA_DIR, 'uploads'));

/** The archive's lines without the header's creation time: what two backups of one site share. */
function content(path: string): string[] {
  return gunzipSync(readFileSync(path)).toString('utf8').split('\n').slice(1);
}

/** Fills a site the way its owner and visitors would: a post with a cover, a comment, a reply, a quote, a booking setting. */
async function populate(t: TestApp) {
  const admin = await t.signIn('admin');
  const upload = await t.upload(admin, PNG);
  expect(upload.statusCode, upload.body).toBe(201);
  const cover = upload.json().url as string;
  const post = await t.writePost(admin, {
    title: 'Keys, “quotes” and ünïcode',
    slug: 'keys-and-unicode',
    summary: 'A post with a cover, tags and a comment.',
    content: '# Heading\n\nText with a [link](https://example.com) and a tab\there.',
    coverImage: cover,
    tags: ['keys', 'repair'],
    isPublished: true,
  });
  expect(post.statusCode, post.body).toBe(201);
  const postId = post.json().id as number;
  const comment = await t.app.inject({
    method: 'POST',
    url: `/api/blog/post/${postId}/comments`,
    remoteAddress: freshIp(),
    payload: {
      name: 'Dana',
      email: 'dana@example.com',
      content: 'Does the 2016 model take the same battery?',
      captchaToken: 'not-a-robot',
      formToken: t.formToken('comment', postId),
    },
  });
  expect(comment.statusCode, comment.body).toBe(201);
  const quote = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: freshIp(),
    payload: {
      ...sampleQuote,
      company: 'Smith Bakery',
      // The newsletter box: a subscriber (pending) and their confirmation email.
      newsletter: true,
    },
  });
  expect(quote.statusCode, quote.body).toBe(201);
  // The fediverse (issue 47, point 8): the actor's keys (made on its first read), a follower, a
  // block, and a like of a post (which the post's public count shows).
  const actor = await t.app.inject({
    url: '/ap/actors/blog',
    headers: { accept: 'application/activity+json' },
  });
  expect(actor.statusCode, actor.body).toBe(200);
  await t.database.db.insert(fediverseFollowers).values({
    actorUri: 'https://mastodon.example/users/ada',
    followId: 'https://mastodon.example/users/ada#follow',
    inbox: 'https://mastodon.example/users/ada/inbox',
    handle: '@ada@mastodon.example',
    name: 'Ada',
    server: 'mastodon.example',
  });
  await t.database.db
    .insert(fediverseBlocks)
    .values({ kind: 'server', target: 'spam.example', label: 'spam.example' });
  const [liked] = await t.database.db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(eq(blogPosts.isPublished, true))
    .limit(1);
  await t.database.db.insert(fediverseReactions).values({
    postId: liked?.id ?? 0,
    kind: 'like',
    activityId: 'https://mastodon.example/users/ada#likes/1',
    actorUri: 'https://mastodon.example/users/ada',
    handle: '@ada@mastodon.example',
    name: 'Ada',
    profileUrl: 'https://mastodon.example/@ada',
    server: 'mastodon.example',
  });
  // A mention from another site, approved (issue 47, point 7): shown under the post after a restore.
  await t.database.db.insert(webmentions).values({
    postId: liked?.id ?? 0,
    source: 'https://notes.example/2026/keys',
    target: 'https://jordan.example/blog/x',
    status: 'approved',
    title: 'A note on keys',
    author: 'Ada',
    verifiedAt: new Date(),
  });
  return { cover };
}

/** The blog actor's public key as other servers read it. */
const actorKey = async (t: TestApp) =>
  (await t.app.inject({ url: '/ap/actors/blog', headers: { accept: 'application/activity+json' } })).json()
    .publicKey?.publicKeyPem as string;

/** Every public GET answer of the site: lists, each post, each project, and their comments. */
async function publicAnswers(t: TestApp): Promise<Record<string, { status: number; body: string }>> {
  const answers: Record<string, { status: number; body: string }> = {};
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, remoteAddress: '10.9.9.9' });
    answers[url] = { status: res.statusCode, body: res.body };
    return res;
  };
  // Answers that differ on every call by design: a new form token, sign-in redirects.
  const varying = ['/api/form-token', '/api/auth/github', '/api/auth/github/callback', '/api/user'];
  for (const { method, url } of listRoutes(t.app)) {
    if (method !== 'GET' || !url.startsWith('/api/') || url.startsWith('/api/admin') || url.includes(':'))
      continue;
    if (!varying.includes(url)) await get(url);
  }
  await get('/api/blog-list?limit=50');
  for (const item of (await get('/api/blog')).json()) {
    await get(`/api/blog/${item.slug}`);
    await get(`/api/blog/post/${item.id}/comments`);
    await get(`/api/fediverse/posts/${item.id}/reactions`);
    await get(`/api/blog/posts/${item.id}/mentions`);
  }
  for (const project of (await get('/api/projects')).json()) await get(`/api/projects/${project.id}`);
  return answers;
}

const postgresUp = await postgresAnswers();

describe('backup and restore', () => {
  let source: TestApp;
  let dir: string;
  let archive: string;

  beforeAll(async () => {
    source = await createTestApp({ seed: true });
    await populate(source);
    dir = folder();
    archive = join(dir, 'site.backup.gz');
    await writeBackupFile(source.database.db, uploadsOf(source), archive);
  });
  afterAll(() => source?.close());

  it('writes one file with the schema version, every table and the uploads', () => {
    const lines = gunzipSync(readFileSync(archive)).toString('utf8').trimEnd().split('\n');
    const header = JSON.parse(lines[0] ?? '');
    expect(header).toMatchObject({ format: 'portfolio-backup', version: 1, schema: latestTag });
    const end = JSON.parse(lines.at(-1) ?? '');
    expect(end.end).toBe(true);
    expect(end.tables.blog_posts).toBeGreaterThan(1);
    expect(end.tables.comments).toBeGreaterThan(0);
    expect(end.tables.quote_requests).toBe(1);
    expect(end.tables.newsletter_subscribers).toBe(1);
    expect(end.tables.fediverse_followers).toBe(1);
    expect(end.tables.fediverse_blocks).toBe(1);
    expect(end.tables.fediverse_reactions).toBe(1);
    expect(end.tables.webmentions).toBe(1);
    // The keys, sealed: no private key in the clear.
    const keys = lines.find((line) => line.includes('"fediverse:keys"'));
    expect(keys).toBeDefined();
    expect(keys).not.toMatch(/privateKey|"kty"|PRIVATE KEY/);
    expect(end.uploads).toBeGreaterThan(0);
    expect(lines.some((line) => line.includes('Keys, “quotes” and ünïcode'))).toBe(true);
  });

  it.runIf(required('PostgreSQL', postgresUp))(
    'moves a site PGlite -> archive -> PostgreSQL -> archive: equal archives, identical public answers',
    async () => {
      const target = await openPostgresTestDatabase();
      const uploadDir = join(folder(), 'uploads');
      let moved: TestApp | undefined;
      try {
        const summary = await restoreBackup(target.db, localStorage(uploadDir), archive);
        expect(summary.tables.blog_posts).toBeGreaterThan(1);
        const second = join(dir, 'again.backup.gz');
        await writeBackupFile(target.db, localStorage(uploadDir), second);
        expect(content(second)).toEqual(content(archive));

        moved = await createTestApp({
          seed: false,
          databaseUrl: target.url,
          env: { UPLOAD_DIR: uploadDir },
        });
        expect(await publicAnswers(moved)).toEqual(await publicAnswers(source));
        // New rows continue after the restored ids.
        const admin = await moved.signIn('admin');
        const post = await moved.writePost(admin, {
          title: 'After the move',
          slug: 'after-the-move',
          ...samplePostText,
        });
        expect(post.statusCode, post.body).toBe(201);
      } finally {
        await moved?.app.close();
        await target.close();
      }
    },
  );

  it('restores into an empty PGlite database, uploads included, and back to an equal archive', async () => {
    const uploadDir = join(folder(), 'uploads');
    const empty = await createTestApp({ seed: false, env: { UPLOAD_DIR: uploadDir } });
    try {
      await restoreBackup(empty.database.db, localStorage(uploadDir), archive);
      // The newsletter's list comes back with the rest (the quote form's box subscribed Dana).
      expect(
        (await empty.database.db.select().from(newsletterSubscribers)).map((row) => [
          row.email,
          row.status,
          row.source,
        ]),
      ).toEqual([['dana@example.com', 'pending', 'quote']]);
      // The fediverse's followers and blocks, and the same keys (the same server secret opens them).
      expect((await empty.database.db.select().from(fediverseFollowers)).map((row) => row.handle)).toEqual([
        '@ada@mastodon.example',
      ]);
      expect((await empty.database.db.select().from(fediverseBlocks)).map((row) => row.target)).toEqual([
        'spam.example',
      ]);
      expect(await actorKey(empty)).toMatch(/^-----BEGIN PUBLIC KEY-----/);
      expect(await actorKey(empty)).toBe(await actorKey(source));
      const again = join(dir, 'pglite-again.backup.gz');
      await writeBackupFile(empty.database.db, localStorage(uploadDir), again);
      expect(content(again)).toEqual(content(archive));
      expect(await publicAnswers(empty)).toEqual(await publicAnswers(source));
      const cover = (await empty.app.inject({ method: 'GET', url: '/api/blog/keys-and-unicode' })).json()
        .coverImage as string;
      expect(readFileSync(join(uploadDir, cover.replace('/uploads/', '')))).toEqual(
        readFileSync(join(source.config.DATA_DIR, 'uploads', cover.replace('/uploads/', ''))),
      );
    } finally {
      await empty.close();
    }
  });

  it('refuses a database that holds data unless forced, and then replaces it', async () => {
    const seeded = await createTestApp({ seed: true });
    try {
      const before = await nonEmptyTables(seeded.database.db);
      const refusal = restoreBackup(seeded.database.db, uploadsOf(seeded), archive);
      await expect(refusal).rejects.toThrow(BackupRefusedError);
      await expect(refusal).rejects.toThrow(/The database is not empty: .*--force/);
      expect(await nonEmptyTables(seeded.database.db)).toEqual(before);

      await restoreBackup(seeded.database.db, uploadsOf(seeded), archive, { force: true });
      expect(await publicAnswers(seeded)).toEqual(await publicAnswers(source));
    } finally {
      await seeded.close();
    }
  });

  it('refuses damaged and foreign files with a clear message and changes nothing', async () => {
    const whole = gunzipSync(readFileSync(archive));
    const lines = whole.toString('utf8').trimEnd().split('\n');
    const bad = (name: string, bytes: Buffer) => {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      return path;
    };
    const cases: Array<[string, RegExp]> = [
      [bad('cut.gz', readFileSync(archive).subarray(0, 2_000)), /damaged|ends early|cut short/],
      [bad('plain.txt', Buffer.from('hello')), /damaged or not a backup/],
      [bad('foreign.gz', gzipSync('{"format":"ghost"}\n')), /not a portfolio-backup file/],
      [bad('no-end.gz', gzipSync(`${lines.slice(0, -1).join('\n')}\n`)), /ends early, before the end marker/],
      [
        bad(
          'newer.gz',
          gzipSync(whole.toString('utf8').replace(`"schema":"${latestTag}"`, '"schema":"9999_future"')),
        ),
        /newer version of the site/,
      ],
      [
        bad(
          'lost-row.gz',
          gzipSync(lines.filter((line) => !line.includes('Does the 2016 model')).join('\n')),
        ),
        /cut short|end marker does not match|not readable/,
      ],
      [join(dir, 'missing.gz'), /There is no file at/],
      [
        // An upload that tries to leave the uploads folder: refused before any row is written.
        bad(
          'escaping-upload.gz',
          gzipSync(
            [
              ...lines.slice(0, -1),
              JSON.stringify({ upload: '../../escaped.txt', bytes: 2 }),
              Buffer.from('hi').toString('base64'),
              lines.at(-1)?.replace(/"uploads":(\d+)/, (_, count) => `"uploads":${Number(count) + 1}`),
            ].join('\n'),
          ),
        ),
        /could not have made/,
      ],
      [
        bad(
          'foreign-table.gz',
          gzipSync(
            [
              lines[0],
              JSON.stringify({ table: 'ghosts', columns: ['id'], rows: 1 }),
              '{"id":1}',
              ...lines.slice(1, -1),
              lines.at(-1)?.replace('"tables":{', '"tables":{"ghosts":1,'),
            ].join('\n'),
          ),
        ),
        /a table this site does not have: ghosts/,
      ],
    ];
    const uploadDir = join(folder(), 'uploads');
    const empty = await createTestApp({ seed: false, env: { UPLOAD_DIR: uploadDir } });
    try {
      for (const [path, message] of cases) {
        const attempt = restoreBackup(empty.database.db, localStorage(uploadDir), path);
        await expect(attempt, path).rejects.toThrow(BackupRefusedError);
        await expect(attempt, path).rejects.toThrow(message);
        expect(await nonEmptyTables(empty.database.db), path).toEqual({});
        expect(await localStorage(uploadDir).list(), path).toEqual([]);
      }
      expect(existsSync(join(uploadDir, '..', '..', 'escaped.txt'))).toBe(false);
      // Each refusal left the target as it was, so the whole backup still goes in without --force.
      await restoreBackup(empty.database.db, localStorage(uploadDir), archive);
      expect(await publicAnswers(empty)).toEqual(await publicAnswers(source));
    } finally {
      await empty.close();
    }
  });

  it('stays within bounds: a line too long, a line of two rows, a row that does not fit, and no lockouts brought back', async () => {
    const lines = gunzipSync(readFileSync(archive)).toString('utf8').trimEnd().split('\n');
    const bad = (name: string, text: string) => {
      const path = join(dir, name);
      writeFileSync(path, gzipSync(text));
      return path;
    };
    // The users table's header and its first row (the owner, with a password hash).
    const usersAt = lines.findIndex((line) => line.startsWith('{"table":"users"'));
    const userRow = lines[usersAt + 1] ?? '';
    const hash = (JSON.parse(userRow) as { password: string }).password;
    expect(hash.length).toBeGreaterThan(20);
    const replaced = (index: number, line: string) =>
      lines.map((l, i) => (i === index ? line : l)).join('\n');
    const cases: Array<[string, RegExp]> = [
      [
        bad(
          'long-line.gz',
          replaced(usersAt + 1, userRow.replace('{', `{"padding":"${'x'.repeat(3 * 1024 * 1024)}",`)),
        ),
        /holds a line longer than/,
      ],
      [
        bad('two-rows.gz', replaced(usersAt + 1, `${userRow},${userRow.replace(/"id":\d+/, '"id":9999')}`)),
        /row 1 of the table users is not one readable row/,
      ],
      [
        bad('misfit.gz', replaced(usersAt + 1, userRow.replace(/"id":\d+/, '"id":"not-a-number"'))),
        /a row of the table users does not fit/,
      ],
    ];
    const uploadDir = join(folder(), 'uploads');
    const empty = await createTestApp({ seed: false, env: { UPLOAD_DIR: uploadDir } });
    try {
      for (const [path, message] of cases) {
        const attempt = restoreBackup(empty.database.db, localStorage(uploadDir), path, {
          maxLineBytes: 2 * 1024 * 1024,
        });
        const said = await attempt.then(
          () => '',
          (error: Error) => error.message,
        );
        expect(said, path).toMatch(message);
        // No row content in any message: not the hash, not the value that did not fit.
        expect(said, path).not.toContain(hash);
        expect(said, path).not.toContain('not-a-number');
        expect(said.length, path).toBeLessThan(300);
        expect(await nonEmptyTables(empty.database.db), path).toEqual({});
      }
      // The lockouts and limits counted on the site the backup came from stay there: a backup
      // leaves them out, and one made before that brings none of its own back.
      expect(lines.some((line) => line.startsWith('{"table":"rate_counters"'))).toBe(false);
      const end = JSON.parse(lines.at(-1) ?? '{}') as { tables: Record<string, number> };
      const older = bad(
        'with-lockouts.gz',
        [
          ...lines.slice(0, -1),
          JSON.stringify({ table: 'rate_counters', columns: ['key', 'count', 'reset_at'], rows: 1 }),
          JSON.stringify({ key: 'login:owner', count: 99, reset_at: '2026-11-26T10:00:00+00:00' }),
          // A delivery waiting in the table Fedify's queue replaced (ADR 024): work, not content.
          JSON.stringify({ table: 'fediverse_deliveries', columns: ['id', 'inbox'], rows: 1 }),
          JSON.stringify({ id: 1, inbox: 'https://social.example/inbox' }),
          JSON.stringify({ ...end, tables: { ...end.tables, rate_counters: 1, fediverse_deliveries: 1 } }),
        ].join('\n'),
      );
      const summary = await restoreBackup(empty.database.db, localStorage(uploadDir), older, {
        maxLineBytes: 4 * 1024 * 1024,
      });
      expect(summary.tables.rate_counters).toBeUndefined();
      expect(summary.tables.fediverse_deliveries).toBeUndefined();
      expect((await nonEmptyTables(empty.database.db)).rate_counters).toBeUndefined();
      // Every other row counted as it was read.
      expect(summary.tables.users).toBe(JSON.parse(lines[usersAt] ?? '{}').rows);
    } finally {
      await empty.close();
    }
  });

  it('holds everything a write acknowledged before the backup began, while writes go on', async () => {
    const admin = await source.signIn('admin');
    const write = (index: number) =>
      source.writePost(admin, {
        title: `Busy ${index}`,
        slug: `busy-${index}`,
        summary: 'A post written while a backup runs.',
        content: 'Some text for the body of the post, long enough to be a real post.',
      });
    const acknowledged: string[] = [];
    for (let index = 0; index < 5; index++) {
      const res = await write(index);
      expect(res.statusCode, res.body).toBe(201);
      acknowledged.push(`busy-${index}`);
    }
    const path = join(dir, 'busy.backup.gz');
    const during = Promise.all([5, 6, 7, 8].map(write));
    await writeBackupFile(source.database.db, uploadsOf(source), path);
    for (const res of await during) expect(res.statusCode).toBe(201);
    const text = gunzipSync(readFileSync(path)).toString('utf8');
    for (const slug of acknowledged) expect(text).toMatch(new RegExp(`"slug": ?"${slug}"`));
  });
});

describe('a backup and the second factor', () => {
  // A fixed clock, moved on a step before each code, so a code is never refused as already used.
  let now = new Date('2026-11-25T12:00:10Z');
  const clock = { now: () => now };
  const nextStep = () => {
    now = new Date(now.getTime() + 30_000);
    return now;
  };
  const codeAt = (secret: string, at: Date) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: at.getTime(),
    });
  const OWNER_SECRET = 'the-owners-server-secret-kept-apart-from-backups';

  /** Signs `username` in with the password and then `code`: the status of the second step. */
  async function signInWith(t: TestApp, username: string, code: string): Promise<number> {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: 'test-password-123' },
      remoteAddress: freshIp(),
    });
    expect(first.statusCode, first.body).toBe(202);
    const pending = first.cookies.find((cookie) => cookie.name === 'sid2fa');
    expect(pending, 'the password alone does not sign in').toBeDefined();
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/login/code',
      payload: { code },
      headers: { cookie: `sid2fa=${pending?.value}` },
      remoteAddress: freshIp(),
    });
    return second.statusCode;
  }

  it('holds the authenticator secret sealed: the file alone gives no usable code, the same server secret does', async () => {
    const source = await createTestApp({ seed: false, clock, env: { SESSION_SECRET: OWNER_SECRET } });
    const path = join(folder(), 'second-factor.backup.gz');
    const owner = 'owner-with-an-app';
    let secret = '';
    let recoveryCodes: string[] = [];
    try {
      const cookie = await source.signIn('admin', owner);
      const setup = await source.app.inject({
        method: 'POST',
        url: '/api/admin/security/authenticator',
        headers: { cookie },
      });
      secret = setup.json().secret;
      const confirm = await source.app.inject({
        method: 'POST',
        url: '/api/admin/security/authenticator/confirm',
        headers: { cookie },
        payload: { code: codeAt(secret, now) },
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
      recoveryCodes = confirm.json().recoveryCodes;
      // Not in the database in plain text, so not in the backup either.
      const [stored] = await source.database.db.select().from(totpFactors);
      expect(stored?.secret).not.toContain(secret);
      await writeBackupFile(source.database.db, localStorage(join(folder(), 'uploads')), path);
    } finally {
      await source.close();
    }
    const text = gunzipSync(readFileSync(path)).toString('utf8');
    expect(text).toContain('totp_factors');
    expect(text).not.toContain(secret);

    // Restored where the server secret is another: the app's codes no longer work, a recovery code does.
    const elsewhere = await createTestApp({ seed: false, clock });
    try {
      await restoreBackup(elsewhere.database.db, localStorage(join(folder(), 'uploads')), path);
      expect(await signInWith(elsewhere, owner, codeAt(secret, nextStep()))).toBe(401);
      expect(await signInWith(elsewhere, owner, recoveryCodes[0] ?? '')).toBe(200);
    } finally {
      await elsewhere.close();
    }

    // Restored with the owner's server secret: the same authenticator app signs in.
    const home = await createTestApp({ seed: false, clock, env: { SESSION_SECRET: OWNER_SECRET } });
    try {
      await restoreBackup(home.database.db, localStorage(join(folder(), 'uploads')), path);
      expect(await signInWith(home, owner, codeAt(secret, nextStep()))).toBe(200);
    } finally {
      await home.close();
    }
  });
});
