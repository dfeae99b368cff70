/**
 * Tags as one set across the blog (issue 34): a tag is matched without case, spaces, dots, hyphens
 * or underscores counting (`tagKey`), so an import's 'next-js', 'next js' and 'Next.js' land on one
 * tag. Its spelling is the one the owner chose (a rename keeps it in `app_meta` as
 * `tag-spelling:<key>`, so it holds for every later post and import, even once no post carries the
 * tag), else the first the blog had. The owner renames or merges tags here too.
 */
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { tagKey } from '../../../common/text.ts';
import type { Db } from '../../db/client.ts';
import { appMeta, blogPosts } from '../../db/schema.ts';

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

const SPELLING = 'tag-spelling:';
/** `tag-moved:<key>`: the key of the tag a renamed or merged tag became. */
const MOVED = 'tag-moved:';

/** The spellings the owner chose for these tags (by key). */
async function chosenSpellings(db: Pick<Db, 'select'>, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: appMeta.key, value: appMeta.value })
    .from(appMeta)
    .where(
      inArray(
        appMeta.key,
        keys.map((key) => SPELLING + key),
      ),
    );
  return new Map(rows.map((row) => [row.key.slice(SPELLING.length), row.value]));
}

/** Each tag's spelling: the owner's choice, else the blog's first. */
async function spellings(db: Reader & Pick<Db, 'select'>, keys: string[]): Promise<Map<string, string>> {
  const [chosen, first] = await Promise.all([chosenSpellings(db, keys), firstSpellings(db, keys)]);
  return new Map([...first, ...chosen]);
}

/** Each tag in the spelling the blog already uses for it; a new tag as written. */
export async function canonicalTags(
  db: Reader & Pick<Db, 'select'>,
  tags: readonly string[],
): Promise<string[]> {
  const known = await spellings(db, [...new Set(tags.map(tagKey))]);
  const seen = new Set<string>();
  const result: string[] = [];
  for (const tag of tags) {
    const key = tagKey(tag);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(known.get(key) ?? tag);
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
 * (a post with both keeps one). The spelling is the owner's choice from then on. Answers how many
 * posts changed.
 */
export async function renameTag(db: Db, from: string, to: string): Promise<number> {
  const fromKey = tagKey(from);
  const toKey = tagKey(to);
  const target = (await spellings(db, [toKey])).get(toKey);
  // Renaming a tag to another spelling of itself changes its spelling everywhere.
  const spelling = target && toKey !== fromKey ? target : to.trim().replace(/\s+/g, ' ');
  await db
    .insert(appMeta)
    .values({ key: SPELLING + toKey, value: spelling })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: spelling, updatedAt: new Date() } });
  // A tag merged into another is no longer one: its spelling is not kept.
  if (fromKey !== toKey) await db.delete(appMeta).where(inArray(appMeta.key, [SPELLING + fromKey]));
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
  if (fromKey !== toKey && result.rows.length > 0) await keepOldTag(db, fromKey, toKey);
  return changed;
}

/**
 * A tag renamed into another (or merged into it) keeps its old address: its page and its feed
 * lead on to the tag it became (a reader's feed follows a 301), through every later rename, until
 * it is a tag's name again.
 */
async function keepOldTag(db: Db, fromKey: string, toKey: string) {
  const at = new Date();
  await db
    .update(appMeta)
    .set({ value: toKey, updatedAt: at })
    .where(and(like(appMeta.key, `${MOVED}%`), eq(appMeta.value, fromKey)));
  await db
    .insert(appMeta)
    .values({ key: MOVED + fromKey, value: toKey })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: toKey, updatedAt: at } });
  await db.delete(appMeta).where(eq(appMeta.key, MOVED + toKey));
}

/** The tag (in its spelling) that a renamed or merged tag became, or null. */
export async function tagMovedTo(db: Db, asked: string): Promise<string | null> {
  const [moved] = await db
    .select({ key: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, MOVED + tagKey(asked)));
  if (!moved) return null;
  return (await spellings(db, [moved.key])).get(moved.key) ?? null;
}
