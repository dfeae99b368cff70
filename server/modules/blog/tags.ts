/**
 * Tags as one set across the blog (issue 34): a tag is matched without case, spaces, dots, hyphens
 * or underscores counting (`tagKey`), and the first spelling the blog had is kept, so an import's
 * 'next-js', 'next js' and 'Next.js' land on one tag. The owner renames or merges tags here too.
 */
import { sql } from 'drizzle-orm';
import { tagKey } from '../../../common/text.ts';
import type { Db } from '../../db/client.ts';
import { blogPosts } from '../../db/schema.ts';

/** The database, or a transaction in progress (inside one, ask through it: PGlite has one connection). */
type Reader = Pick<Db, 'execute'>;

/** The key in SQL, as tagKey computes it (for the spellings this site sees). */
const KEY = (column: ReturnType<typeof sql>) =>
  sql`regexp_replace(lower(${column}), '[[:space:]._-]+', '', 'g')`;

/** The spelling the blog first used for each of these tags (by the oldest post carrying it). */
async function firstSpellings(db: Reader, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const result = (await db.execute(sql`
    select distinct on (key) key, tag from (
      select t.tag, ${KEY(sql`t.tag`)} as key, p.id, t.n
      from ${blogPosts} p, unnest(p.tags) with ordinality as t(tag, n)
    ) x
    where key = any(${sql`array[${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )}]::text[]`})
    order by key, id, n`)) as unknown as { rows: { key: string; tag: string }[] };
  return new Map(result.rows.map((row) => [row.key, row.tag]));
}

/** Each tag in the spelling the blog already uses for it; a new tag as written. */
export async function canonicalTags(db: Reader, tags: readonly string[]): Promise<string[]> {
  const spellings = await firstSpellings(db, [...new Set(tags.map(tagKey))]);
  const seen = new Set<string>();
  const result: string[] = [];
  for (const tag of tags) {
    const key = tagKey(tag);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(spellings.get(key) ?? tag);
  }
  return result;
}

/** Every tag on any post, drafts too, most used first: the owner's list. */
export async function tagsInUse(db: Db): Promise<{ name: string; count: number }[]> {
  const result = (await db.execute(sql`
    select tag as name, count(*)::int as count
    from ${blogPosts}, unnest(${blogPosts.tags}) as tag
    group by tag
    order by count(*) desc, lower(tag)`)) as unknown as { rows: { name: string; count: number }[] };
  return result.rows;
}

/**
 * Renames a tag on every post that carries it (by key); into a tag that exists, it is a merge
 * (a post with both keeps one). Answers how many posts changed.
 */
export async function renameTag(db: Db, from: string, to: string): Promise<number> {
  const fromKey = tagKey(from);
  const target = (await firstSpellings(db, [tagKey(to)])).get(tagKey(to));
  // Renaming a tag to another spelling of itself changes its spelling everywhere.
  const spelling = target && tagKey(to) !== fromKey ? target : to.trim().replace(/\s+/g, ' ');
  const result = (await db.execute(sql`
    select id, tags from ${blogPosts}
    where exists (select 1 from unnest(${blogPosts.tags}) as tag where ${KEY(sql`tag`)} = ${fromKey})`)) as unknown as {
    rows: { id: number; tags: string[] }[];
  };
  let changed = 0;
  for (const row of result.rows) {
    const renamed = row.tags.map((tag) => (tagKey(tag) === fromKey ? spelling : tag));
    const seen = new Set<string>();
    const tags = renamed.filter((tag) => {
      const key = tagKey(tag);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (JSON.stringify(tags) === JSON.stringify(row.tags)) continue;
    await db.execute(
      sql`update ${blogPosts} set tags = ${sql`array[${sql.join(
        tags.map((tag) => sql`${tag}`),
        sql`, `,
      )}]::text[]`}, updated_at = now() where id = ${row.id}`,
    );
    changed++;
  }
  return changed;
}
