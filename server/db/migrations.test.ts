/**
 * The rule for migrations in a rolling upgrade (issue 66, point 3; docs/deploy.md): while the
 * processes restart one after the other, the previous version keeps running on the database the
 * new one has migrated, so a migration only adds. Every table and column the schema had before it
 * is still there with the same type, none becomes required, and a new required column has a
 * default (the previous version's inserts leave it out). Taking something away waits for a later
 * release, once no running version reads it.
 *
 * Checked on the newest migration by migrating a database to the one before it and to it, and
 * comparing the two schemas as PostgreSQL reports them.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths.ts';

interface Journal {
  entries: { idx: number; tag: string }[];
}
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;

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
  const folder = mkdtempSync(join(tmpdir(), 'portfolio-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  writeFileSync(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }),
  );
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
    const index = journal.entries.findIndex((entry) => entry.tag === '0030_booking_reminders');
    expect(index).toBeGreaterThan(0);
    expect(await breaksThePreviousVersion(index)).toEqual([]);
  }, 60_000);
});
