/**
 * A backup made by an older version of the site, restored into this one: the data a migration has
 * moved since (ADR 026's data steps) is moved the same way, and a key checked at the commit that
 * names a row the backup does not hold refuses the file.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { localStorage } from '../../lib/storage.ts';
import { indexOf, migrationsUpTo } from '../../testing/migrations.ts';
import { sampleCallType } from '../../testing/samples.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { writeBackupFile } from './archive.ts';
import { nonEmptyTables, restoreBackup } from './restore.ts';

const folder = () => mkdtempSync(join(tmpdir(), 'portfolio-older-backup-'));

/** A backup of a site at the migration before `tag`, holding what `fill` wrote. */
async function backupBefore(tag: string, fill: (client: PGlite) => Promise<unknown>): Promise<string> {
  const client = new PGlite();
  try {
    const db = drizzle({ client, schema }) as unknown as Db;
    await migrate(drizzle(client), { migrationsFolder: migrationsUpTo(indexOf(tag)) });
    await fill(client);
    const path = join(folder(), 'older.backup.gz');
    await writeBackupFile(db, localStorage(join(folder(), 'uploads')), path);
    return path;
  } finally {
    await client.close();
  }
}

const booking = (start: string, callType: string) =>
  `insert into bookings (start_at, end_at, name, email, topic, token_hash, call_type, call_type_name)
   values ('${start}', '${start}'::timestamptz + interval '1 hour', 'Dana', 'dana@example.com', 'Keys',
     md5('${start}'), '${callType}', 'Key repair consult')`;

const repair = sampleCallType;

describe('a backup made before the call types were rows (migration 0033)', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await createTestApp({ seed: false });
  });
  afterAll(() => site?.close());

  it('is restored with its call types as rows, and its booked calls keep their type', async () => {
    const path = await backupBefore('0033_call_types_rows', async (client) => {
      await client.query("insert into app_meta (key, value) values ('booking:types', $1)", [
        JSON.stringify([repair, { ...repair, id: 'intro', name: 'Intro call', callMinutes: 15 }]),
      ]);
      await client.exec(booking('2026-12-01T15:00:00Z', 'key-repair'));
      await client.exec(booking('2026-12-02T15:00:00Z', 'removed-since'));
    });
    const summary = await restoreBackup(site.database.db, localStorage(join(folder(), 'uploads')), path, {
      force: true,
    });
    expect(summary.tables.bookings).toBe(2);
    // What a visitor choosing a call sees (the restore replaced the accounts too).
    const types = await site.app.inject({ url: '/api/booking/types' });
    expect(types.json().map((type: { id: string }) => type.id)).toEqual(['key-repair', 'intro']);
    const calls = await site.database.db
      .select({ callType: schema.bookings.callType })
      .from(schema.bookings)
      .orderBy(schema.bookings.startAt);
    expect(calls).toEqual([{ callType: 'key-repair' }, { callType: null }]);
  }, 60_000);

  it('one made since, with a call whose type it does not hold, is refused and nothing is restored', async () => {
    const source = await createTestApp({ seed: false });
    const path = join(folder(), 'broken.backup.gz');
    try {
      const owner = await source.signIn('admin');
      const added = await source.app.inject({
        method: 'POST',
        url: '/api/admin/call-types',
        headers: { cookie: owner },
        payload: repair,
      });
      expect(added.statusCode, added.body).toBe(201);
      await source.database.db.execute(booking('2026-12-01T15:00:00Z', 'key-repair'));
      await writeBackupFile(source.database.db, localStorage(join(folder(), 'uploads')), path);
    } finally {
      await source.close();
    }
    // The file loses its call types' rows, as a damaged copy would.
    const lines = gunzipSync(readFileSync(path)).toString('utf8').split('\n');
    const at = lines.findIndex((line) => line.startsWith('{"table":"call_types"'));
    const header = JSON.parse(lines[at] ?? '{}') as { rows: number };
    const kept = [
      ...lines.slice(0, at),
      JSON.stringify({ ...header, rows: 0 }),
      ...lines.slice(at + 1 + header.rows),
    ];
    const end = JSON.parse(kept.at(-2) ?? '{}');
    kept[kept.length - 2] = JSON.stringify({ ...end, tables: { ...end.tables, call_types: 0 } });
    writeFileSync(path, gzipSync(kept.join('\n')));

    const empty = await createTestApp({ seed: false });
    try {
      const said = await restoreBackup(empty.database.db, localStorage(join(folder(), 'uploads')), path).then(
        () => '',
        (error: Error) => error.message,
      );
      expect(said).toBe(
        'This file is not a complete backup of this site: a row refers to another that the backup does not hold (database error 23503). Nothing was restored.',
      );
      expect(await nonEmptyTables(empty.database.db)).toEqual({});
    } finally {
      await empty.close();
    }
  }, 60_000);
});
