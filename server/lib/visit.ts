/**
 * A visit as the server sees it (issue 44): one first-party cookie, kept only for the browser's
 * session (no expiry date) and signed with the server secret, that the page route sets on the
 * first page of a visit and brings up to date on each post or project page read. It holds:
 *
 * - where the visit came from (the first page with its utm_* values, the other site that linked
 *   to it, by host only) and the last post or project read: what a quote request or a newsletter
 *   sign-up keeps as its source, whether the visitor's browser ran any code or not;
 * - when the visit began (or the last bot-checked form went through) and an id: a form sent
 *   without a token gets its bot-check token from these (`tokenFor`), so a person who has spent
 *   the usual seconds on the page needs no extra press, while a script that posts at once is still
 *   too quick, and the id is spent once like any token's.
 *
 * Nothing else: no identifier that outlives the session, nothing sent to anyone but this site.
 */
import { hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { READ_PATH, READS_IN_SOURCE } from '../../common/channels.ts';
import { type LeadSource, leadSourceSchema } from '../../common/schemas/contact.ts';
import { readCookie } from './cookies.ts';
import type { FormKind, FormTokens } from './form-token.ts';
import { hmacSigner, randomId } from './tokens.ts';

export const VISIT_COOKIE = 'visit';

const UTM = ['source', 'medium', 'campaign', 'term', 'content'] as const;

interface VisitNote {
  /** Where the visit came from, and what it read last. */
  source: LeadSource;
  /** When the visit began, or when its last bot-checked form went through (ms since the epoch). */
  since: number;
  /** This visit's token id until a bot-checked form spends it (16 random bytes, base64url). */
  id: string;
  /**
   * When the visit began (ms since the epoch). The cookie leaves it out while it is `since` (until
   * the visit's first bot-checked form), and reading puts it back: 29 bytes fewer on a first page.
   */
  began: number;
}

/** The first-visit sources kept worked out: at most this many, of addresses up to this long. */
const MEMO_SIZE = 1000;
const MEMO_KEY_MAX = 600;

const clip = (text: string, max: number) => text.slice(0, max);

/** The source of a visit that begins with this request: its address and the page it came from. */
export function sourceOf(url: URL, referer: string | undefined): LeadSource {
  const source: LeadSource = { landingPage: clip(url.pathname + url.search, 300) };
  try {
    const from = referer ? new URL(referer) : null;
    if (from && from.host !== url.host && /^https?:$/.test(from.protocol))
      source.referrer = clip(from.host, 200);
  } catch {
    // Not an address: no referrer.
  }
  for (const key of UTM) {
    const value = url.searchParams.get(`utm_${key}`)?.trim();
    if (value) source[`utm${key[0]?.toUpperCase()}${key.slice(1)}` as 'utmSource'] = clip(value, 100);
  }
  if (READ_PATH.test(url.pathname)) {
    source.lastRead = url.pathname;
    source.reads = [url.pathname];
  }
  // Whatever the schema would refuse (an address with odd characters) is left out, not the rest.
  const fields = leadSourceSchema.shape;
  for (const key of Object.keys(source) as (keyof LeadSource)[]) {
    if (!fields[key].safeParse(source[key]).success) delete source[key];
  }
  return source;
}

/** The path of a landing page (its address without the query). */
const pathOf = (landingPage: string) => landingPage.split('?')[0] ?? '';

/**
 * A visit that begins on a post or a project has read it: its source says so twice more
 * (`lastRead`, `reads`). The cookie leaves that out while it is all the visit has read, and reading
 * puts it back: a first page's cookie is 130 bytes shorter, on the response a phone waits for.
 */
function withoutLandingRead(source: LeadSource): LeadSource {
  const { lastRead, reads, ...rest } = source;
  const landed = source.landingPage === undefined ? undefined : pathOf(source.landingPage);
  return lastRead === landed && reads?.length === 1 && reads[0] === landed ? rest : source;
}

function withLandingRead(source: LeadSource): LeadSource {
  if (!source || typeof source !== 'object' || source.lastRead !== undefined) return source;
  const landed = typeof source.landingPage === 'string' ? pathOf(source.landingPage) : '';
  return READ_PATH.test(landed) ? { ...source, lastRead: landed, reads: [landed] } : source;
}

export interface VisitCookies {
  /** The visit's note from the request's cookie, or null (none, or not one this server signed). */
  read(request: FastifyRequest): VisitNote | null;
  /** The cookie's value for a note. */
  write(note: VisitNote): string;
  /** A note for a visit that begins now. */
  begin(url: URL, referer: string | undefined): VisitNote;
  /** A bot-check token for `form` made from the note: issued when the visit began, its id the visit's. */
  tokenFor(note: VisitNote, form: FormKind, scope: string): string;
}

export function createVisitCookies(
  serverSecret: string,
  formTokens: FormTokens,
  now = Date.now,
): VisitCookies {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, '', 'portfolio visit cookie', 32));
  const mac = hmacSigner(key);
  // A note's source is never changed in place (afterReading copies it), so notes may share one.
  const sources = new Map<string, LeadSource>();
  /** The notes of cookie values already checked (a note is never changed in place either). */
  const notes = new Map<string, VisitNote>();
  /** A cookie's value as a note, if this server signed it and it holds one. */
  const check = (value: string): VisitNote | null => {
    const cut = value.lastIndexOf('.');
    const body = value.slice(0, cut);
    const given = Buffer.from(value.slice(cut + 1));
    const expected = Buffer.from(mac(body));
    if (cut < 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const note = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Omit<VisitNote, 'began'> & {
        began?: number;
      };
      const source = leadSourceSchema.safeParse(withLandingRead(note.source));
      if (!source.success || !Number.isFinite(note.since) || !/^[\w-]{22}$/.test(note.id)) return null;
      return {
        source: source.data,
        since: note.since,
        id: note.id,
        began: typeof note.began === 'number' && Number.isFinite(note.began) ? note.began : note.since,
      };
    } catch {
      return null;
    }
  };
  return {
    read(request) {
      const value = readCookie(request, VISIT_COOKIE);
      if (!value || value.length > 2000) return null;
      // A visit sends the same cookie with each page until it changes: checked once.
      const seen = notes.get(value);
      if (seen) return seen;
      const note = check(value);
      if (note) {
        if (notes.size >= MEMO_SIZE) notes.clear();
        notes.set(value, note);
      }
      return note;
    },
    write({ began, ...note }) {
      const written = { ...note, source: withoutLandingRead(note.source) };
      const body = Buffer.from(
        JSON.stringify(began === note.since ? written : { ...written, began }),
      ).toString('base64url');
      return `${body}.${mac(body)}`;
    },
    begin(url, referer) {
      // Most first visits land on a few pages from a few places: their source is worked out once.
      const key = `${url.pathname}${url.search}\n${referer ?? ''}`;
      let source = sources.get(key);
      if (!source) {
        source = sourceOf(url, referer);
        if (key.length <= MEMO_KEY_MAX) {
          if (sources.size >= MEMO_SIZE) sources.clear();
          sources.set(key, source);
        }
      }
      const at = now();
      return { source, since: at, id: randomId(), began: at };
    },
    tokenFor(note, form, scope) {
      return formTokens.issueAs(form, scope, note.since, note.id);
    },
  };
}

/** Reads kept in the cookie: the most recent READS_IN_SOURCE, of at most this many characters in all. */
const READS_CHARACTERS = 600;

/**
 * The note after reading `url`: a post or a project becomes the last thing read, and joins the
 * visit's reads (the most recent kept, so the cookie stays small).
 */
export function afterReading(note: VisitNote, url: URL): VisitNote {
  if (!READ_PATH.test(url.pathname) || note.source.lastRead === url.pathname) return note;
  const lastRead = clip(url.pathname, 300);
  if (!leadSourceSchema.shape.lastRead.safeParse(lastRead).success) return note;
  const reads = [...(note.source.reads ?? []).filter((read) => read !== lastRead), lastRead];
  while (reads.length > READS_IN_SOURCE || (reads.length > 1 && reads.join('').length > READS_CHARACTERS))
    reads.shift();
  return { ...note, source: { ...note.source, lastRead, reads } };
}

/** The visit's source as a form sends it: with when the visit began. */
export function sourceToSend(note: VisitNote): LeadSource {
  return { ...note.source, startedAt: new Date(note.began).toISOString() };
}

/** The note once a bot-checked form has gone through: its id spent, its time now. */
export function afterSending(note: VisitNote, now = Date.now()): VisitNote {
  return { ...note, since: now, id: randomId() };
}

export type { VisitNote };
