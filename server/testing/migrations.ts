/**
 * A database as an older version of the site left it: the migrations folder with only the first
 * ones in its journal, for tests of a migration's data step and of restoring an older backup.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder } from '../paths.ts';

interface Journal {
  entries: { idx: number; tag: string }[];
}

export const journal = JSON.parse(
  readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
) as Journal;

/** Where the migration of `tag` is in the journal (how many come before it). */
export const indexOf = (tag: string) => {
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`No migration ${tag}`);
  return index;
};

/** A copy of the migrations folder (or `folder` written over) whose journal has the first `count`. */
export function migrationsUpTo(count: number, folder = mkdtempSync(join(tmpdir(), 'portfolio-migrations-'))) {
  cpSync(migrationsFolder, folder, { recursive: true });
  writeFileSync(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }),
  );
  return folder;
}
