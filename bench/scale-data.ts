/**
 * Fills a database to a realistic size for the benchmarks, in SQL (generate_series), so a
 * million rows take seconds rather than minutes: published posts with a few paragraphs of
 * varied text and tags, approved comments spread over them, and page views over the last
 * 40 days (about four views per visitor a day, a mix of pages, referrers and screen widths).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';

export interface ScaleSize {
  posts: number;
  comments: number;
  views: number;
  /** Quote requests over the last two years, across every stage, with sources and values. */
  quotes?: number;
}

const WORDS = [
  'transponder',
  'ignition',
  'locksmith',
  'react',
  'postgres',
  'fastify',
  'repair',
  'battery',
  'schema',
  'typescript',
  'invoice',
  'pricing',
  'diagnostics',
  'firmware',
  'soldering',
  'search',
  'caching',
  'deploy',
  'customer',
  'quote',
  'automotive',
  'keyless',
  'remote',
  'inventory',
];

export async function fillToScale(db: Db, size: ScaleSize): Promise<ScaleSize> {
  const words = sql.raw(`array[${WORDS.map((w) => `'${w}'`).join(',')}]`);
  if (size.posts > 0) {
    await db.execute(sql`
      insert into blog_posts (title, slug, summary, content, cover_image, tags, is_published, published_at, excerpt)
      select
        'Field notes ' || i || ': ' || (${words})[1 + i % 24] || ' and ' || (${words})[1 + (i * 7) % 24],
        'field-notes-' || i,
        'What a day of ' || (${words})[1 + (i * 3) % 24] || ' work taught me, number ' || i || '.',
        repeat('A paragraph about ' || (${words})[1 + (i * 5) % 24] || ', ' || (${words})[1 + (i * 11) % 24]
          || ' and the ' || (${words})[1 + (i * 13) % 24] || ' that made the job take longer than planned. ', 12),
        '/images/posts/repair-before-replace.svg',
        array[(${words})[1 + i % 24], (${words})[1 + (i * 7) % 24]],
        true,
        now() - (i || ' hours')::interval,
        'A paragraph about ' || (${words})[1 + (i * 5) % 24]
      from generate_series(1, ${size.posts}) as i`);
  }
  if (size.comments > 0) {
    await db.execute(sql`
      insert into comments (post_id, name, email, content, is_approved, ip_address, created_at)
      select
        -- A fresh database: post ids run without gaps from the first.
        (select min(id) from blog_posts) + i % (select count(*)::int from blog_posts),
        'Reader ' || i, 'reader' || i || '@example.com',
        'Thanks for this, the part about ' || (${words})[1 + i % 24] || ' helped me.',
        i % 10 <> 0, '10.0.' || (i % 250) || '.' || (i % 200), now() - (i || ' minutes')::interval
      from generate_series(1, ${size.comments}) as i`);
  }
  if (size.quotes) {
    await db.execute(sql`
      insert into quote_requests (name, email, project_type, budget, timeframe, message, created_at,
        stage, first_reply_at, decided_at, value_usd, lead_source)
      select
        'Client ' || i, 'client' || i || '@example.com',
        (array['website', 'webapp', 'ecommerce', 'mobile', 'custom', 'other'])[1 + i % 6],
        (array['1-2k', '2-5k', '5-10k', '10k+', 'flexible'])[1 + i % 5],
        (array['asap', '1month', '3months', 'flexible'])[1 + i % 4],
        'We need help with ' || (${words})[1 + i % 24] || ' for the shop.',
        now() - ((i % 730) || ' days')::interval,
        (array['new', 'replied', 'proposal', 'won', 'lost'])[1 + i % 5],
        case when i % 5 = 0 then null else now() - ((i % 730) || ' days')::interval + ((i % 40) || ' hours')::interval end,
        case when i % 5 in (3, 4) then now() - ((i % 700) || ' days')::interval else null end,
        case when i % 3 = 0 then 500 + (i % 40) * 250 else null end,
        jsonb_build_object('landingPage', (array['/', '/blog', '/?utm_campaign=c' || (i % 200)])[1 + i % 3],
          'referrer', (array['www.google.com', 'news.ycombinator.com', 'linkedin.com'])[1 + i % 3],
          'lastRead', '/blog/field-notes-' || (1 + i % 50))
          || case when i % 3 = 2 then jsonb_build_object('utmSource', 'newsletter', 'utmMedium', 'email',
            'utmCampaign', 'c' || (i % 200)) else '{}'::jsonb end
      from generate_series(1, ${size.quotes}) as i`);
  }
  // Page views in batches, so PGlite never holds one enormous statement.
  const batch = 100_000;
  for (let from = 1; from <= size.views; from += batch) {
    const to = Math.min(size.views, from + batch - 1);
    await db.execute(sql`
      insert into page_views (path, referrer, screen_width, visitor_hash, created_at)
      select
        (array['/', '/blog', '/resume', '/recommendations', '/projects/keycode-help', '/blog/field-notes-1'])[1 + i % 6],
        (array[null, null, null, 'google.com', 'news.ycombinator.com', 'linkedin.com'])[1 + i % 6],
        (array[390, 414, 820, 1280, 1440, 1920, null])[1 + i % 7],
        'v' || (i / 4),
        now() - ((i % 40) || ' days')::interval - ((i % 86400) || ' seconds')::interval
      from generate_series(${from}::int, ${to}::int) as i`);
  }
  return size;
}

/**
 * `n` confirmed newsletter subscribers, a quarter of them on the monthly roundup, signed up over
 * the last year and confirmed now (so the posts the bench filled in before them are not announced:
 * only posts that go live after the list's first reader are), in one INSERT … SELECT.
 */
export async function addSubscribers(db: Db, n: number): Promise<void> {
  await db.execute(sql`
    insert into newsletter_subscribers
      (email, email_key, mailbox_key, name, cadence, status, source, consent_at, confirmed_at, created_at)
    select 'reader' || i || '@example.com', 'reader' || i || '@example.com', 'reader' || i || '@example.com',
      'Reader ' || i,
      case when i % 4 = 0 then 'monthly' else 'each' end, 'confirmed',
      (array['footer', 'blog', 'home', 'newsletter', 'quote'])[1 + i % 5],
      now() - (i % 365) * interval '1 day',
      now(), now() - (i % 365) * interval '1 day'
    from generate_series(1, ${n}) as i`);
}

/**
 * `n` fediverse followers spread evenly over `servers` (their addresses), following since the last
 * year; every other server offers a shared inbox (as Mastodon does), the others only each
 * follower's own, so a post goes to one inbox per shared server and one per follower elsewhere.
 */
export async function addFollowers(db: Db, n: number, servers: string[]): Promise<void> {
  await db.execute(sql`
    insert into fediverse_followers
      (actor_uri, follow_id, inbox, shared_inbox, handle, name, server, state, followed_at)
    select s.url || '/users/u' || i, s.url || '/follows/' || i, s.url || '/users/u' || i || '/inbox',
      case when s.k % 2 = 0 then s.url || '/inbox' end,
      '@u' || i || '@' || s.host, 'Follower ' || i, s.host, 'accepted',
      now() - (i % 365) * interval '1 day'
    from generate_series(0, ${n - 1}) as i
    join (select url, k - 1 as k, substring(url from '://([^/]+)') as host
          from json_array_elements_text(${JSON.stringify(servers)}::json) with ordinality as t(url, k)) as s
      on s.k = i % ${servers.length}`);
}
