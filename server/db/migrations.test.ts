import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { indexOf, journal, migrationsUpTo } from '../testing/migrations.ts';

/**
 * Migrations written before the rule, each with what it takes away and why an upgrade across it
 * stops every process first (docs/deploy.md, "Upgrades").
 */
const BEFORE_THE_RULE: Record<string, string> = {
  '0032_fediverse_queue':
    "drops fediverse_deliveries (Fedify's own queue replaced it): a previous version's delivery job fails on it until it stops",
};

interface Column {
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

/** Every column of the public schema after the first `count` migrations. */
async function schemaAfter(count: number): Promise<Map<string, Column>> {
  const folder = migrationsUpTo(count);
  const client = new PGlite();
  try {
    await migrate(drizzle(client), { migrationsFolder: folder });
    const { rows } = await client.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
    }>(
      "select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema = 'public'",
    );
    return new Map(
      rows.map((row) => [
        `${row.table_name}.${row.column_name}`,
        { type: row.data_type, nullable: row.is_nullable === 'YES', hasDefault: row.column_default !== null },
      ]),
    );
  } finally {
    await client.close();
  }
}

/** What the migration at `index` does that a previous version running beside it would trip on. */
async function breaksThePreviousVersion(index: number): Promise<string[]> {
  const [before, after] = [await schemaAfter(index), await schemaAfter(index + 1)];
  const problems: string[] = [];
  for (const [name, old] of before) {
    const now = after.get(name);
    if (!now) problems.push(`${name} is gone`);
    else if (now.type !== old.type) problems.push(`${name} changed type from ${old.type} to ${now.type}`);
    else if (old.nullable && !now.nullable) problems.push(`${name} became required`);
  }
  const tablesBefore = new Set([...before.keys()].map((name) => name.split('.')[0]));
  for (const [name, now] of after) {
    if (!before.has(name) && !now.nullable && !now.hasDefault && tablesBefore.has(name.split('.')[0])) {
      problems.push(`${name} is new, required and has no default`);
    }
  }
  return problems;
}

describe('a migration lets the previous version keep running until it stops', () => {
  it('the newest migration only adds, or is one written before the rule, named with its reason', async () => {
    const newest = journal.entries.length - 1;
    const tag = journal.entries[newest]?.tag ?? '';
    const problems = await breaksThePreviousVersion(newest);
    if (tag in BEFORE_THE_RULE) {
      // The check sees what such a migration takes away, and nothing else.
      expect(problems).toContain('fediverse_deliveries.id is gone');
      expect(problems.filter((problem) => !problem.startsWith('fediverse_deliveries.'))).toEqual([]);
    } else {
      expect(problems, tag).toEqual([]);
    }
  }, 60_000);

  it('a migration that only adds passes (the reminders, a new table)', async () => {
    const index = indexOf('0030_booking_reminders');
    expect(index).toBeGreaterThan(0);
    expect(await breaksThePreviousVersion(index)).toEqual([]);
  }, 60_000);
});

describe('a migration that moves data', () => {
  /** A database before `tag`, filled by `before`, then migrated through it: what `after` reads. */
  async function across<T>(
    tag: string,
    before: (client: PGlite) => Promise<unknown>,
    after: (client: PGlite) => Promise<T>,
  ): Promise<T> {
    const folder = migrationsUpTo(indexOf(tag));
    const client = new PGlite();
    try {
      await migrate(drizzle(client), { migrationsFolder: folder });
      await before(client);
      await migrate(drizzle(client), { migrationsFolder: migrationsUpTo(indexOf(tag) + 1, folder) });
      return await after(client);
    } finally {
      await client.close();
    }
  }
  const type = (id: string, extra: object = {}) => ({
    id,
    name: `The ${id} call`,
    callMinutes: 30,
    description: '',
    place: 'video',
    placeDetail: '',
    bufferBeforeMinutes: 5,
    bufferAfterMinutes: 0,
    noticeHours: 24,
    horizonDays: 30,
    dailyLimit: null,
    questions: [{ id: 'q1', label: 'Which car?', kind: 'short', required: true, choices: [] }],
    ...extra,
  });
  const booking = (start: string, callType: string | null) =>
    `insert into bookings (start_at, end_at, name, email, topic, token_hash, call_type, call_type_name)
     values ('${start}', '${start}'::timestamptz + interval '30 minutes', 'Dana', 'dana@example.com', 'Keys',
       md5('${start}'), ${callType === null ? 'null' : `'${callType}'`}, 'Once a type')`;

  it('0033: the call types kept as JSON become rows in their order; a removed type’s calls keep no key', async () => {
    const { types, calls } = await across(
      '0033_call_types_rows',
      async (client) => {
        // As the site kept them: the second saved before a type had days off and special hours.
        const list = [
          type('repair', { daysOff: ['2026-12-24'], specialHours: [], dailyLimit: 2 }),
          type('intro'),
        ];
        await client.query("insert into app_meta (key, value) values ('booking:types', $1)", [
          JSON.stringify(list),
        ]);
        await client.exec(booking('2026-12-01T15:00:00Z', 'repair'));
        await client.exec(booking('2026-12-01T16:00:00Z', 'removed-since'));
        await client.exec(booking('2026-12-01T17:00:00Z', null));
      },
      async (client) => ({
        types: (
          await client.query(
            'select id, position, name, buffer_before_minutes, daily_limit, days_off, special_hours, questions from call_types order by position',
          )
        ).rows,
        calls: (await client.query('select call_type, call_type_name from bookings order by start_at')).rows,
      }),
    );
    expect(types).toEqual([
      {
        id: 'repair',
        position: 0,
        name: 'The repair call',
        buffer_before_minutes: 5,
        daily_limit: 2,
        days_off: ['2026-12-24'],
        special_hours: [],
        questions: [{ id: 'q1', label: 'Which car?', kind: 'short', required: true, choices: [] }],
      },
      expect.objectContaining({
        id: 'intro',
        position: 1,
        daily_limit: null,
        days_off: [],
        special_hours: [],
      }),
    ]);
    expect(calls).toEqual([
      { call_type: 'repair', call_type_name: 'Once a type' },
      { call_type: null, call_type_name: 'Once a type' },
      { call_type: null, call_type_name: 'Once a type' },
    ]);
  }, 60_000);

  it('0033: a list that cannot be read gives no call types, as the site read it, and the migration goes on', async () => {
    const types = await across(
      '0033_call_types_rows',
      (client) => client.query("insert into app_meta (key, value) values ('booking:types', '[{\"id\": ')"),
      async (client) => (await client.query('select id from call_types')).rows,
    );
    expect(types).toEqual([]);
  }, 60_000);
});
