/**
 * Two first visits that land on the same page from the same place share the worked-out source
 * (begin() keeps it), yet each has its own id, and what one of them reads later is its own.
 */
import { hkdfSync } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { tampered } from '../testing/samples.ts';
import { createFormTokens } from './form-token.ts';
import { hmacSigner } from './tokens.ts';
import { afterReading, afterSending, createVisitCookies, sourceToSend } from './visit.ts';

describe('a visit that begins', () => {
  const visits = createVisitCookies('a server secret', createFormTokens('a server secret'));
  const landing = new URL('https://example.com/?utm_source=newsletter');

  it('keeps the source of the same landing and referrer, not the id or what is read next', () => {
    const one = visits.begin(landing, 'https://news.example.org/item');
    const two = visits.begin(landing, 'https://news.example.org/item');
    expect(one.source).toEqual({
      landingPage: '/?utm_source=newsletter',
      referrer: 'news.example.org',
      utmSource: 'newsletter',
    });
    expect(two.source).toEqual(one.source);
    expect(two.id).not.toBe(one.id);
    const read = afterReading(one, new URL('https://example.com/blog/a-post'));
    expect(read.source.lastRead).toBe('/blog/a-post');
    expect(two.source.lastRead).toBeUndefined();
    expect(visits.begin(landing, 'https://news.example.org/item').source.lastRead).toBeUndefined();
  });

  it('works out a new landing or referrer for itself', () => {
    expect(visits.begin(landing, undefined).source).toEqual({
      landingPage: '/?utm_source=newsletter',
      utmSource: 'newsletter',
    });
    expect(visits.begin(new URL('https://example.com/blog/x'), 'https://a.example').source).toEqual({
      landingPage: '/blog/x',
      referrer: 'a.example',
      lastRead: '/blog/x',
      reads: ['/blog/x'],
    });
  });

  it('keeps the posts and projects read (the most recent, the cookie small) and sends when the visit began', () => {
    const began = visits.begin(landing, undefined);
    let note = began;
    for (const path of ['/blog/one', '/projects/7', '/blog/one', '/about'])
      note = afterReading(note, new URL(`https://example.com${path}`));
    expect(note.source.reads).toEqual(['/projects/7', '/blog/one']);
    expect(note.source.lastRead).toBe('/blog/one');
    for (let i = 0; i < 30; i++) note = afterReading(note, new URL(`https://example.com/blog/post-${i}`));
    expect(note.source.reads).toHaveLength(10);
    expect(note.source.reads?.at(-1)).toBe('/blog/post-29');
    const long = `/blog/${'a'.repeat(250)}`;
    note = afterReading(
      afterReading(note, new URL(`https://example.com${long}`)),
      new URL(`https://example.com${long}b`),
    );
    expect(note.source.reads?.join('').length).toBeLessThanOrEqual(600);
    expect(note.source.reads?.at(-1)).toBe(`${long}b`);
    expect(sourceToSend(note).startedAt).toBe(new Date(began.began).toISOString());
  });

  it('reads a cookie it signed, the same each time it comes back, and nothing from a forged one', () => {
    const asSent = (value: string) =>
      ({ headers: { cookie: `visit=${value}` } }) as unknown as FastifyRequest;
    const note = visits.begin(landing, undefined);
    const value = visits.write(note);
    expect(visits.read(asSent(value))).toEqual(note);
    expect(visits.read(asSent(value))).toEqual(note);
    const [body = '', mac = ''] = value.split('.');
    const forged = Buffer.from(JSON.stringify({ ...note, source: { landingPage: '/forged' } })).toString(
      'base64url',
    );
    expect(visits.read(asSent(`${forged}.${mac}`))).toBeNull();
    expect(visits.read(asSent(`${body}.${tampered(mac)}`))).toBeNull();
    const other = createVisitCookies('another secret', createFormTokens('another secret'));
    expect(other.read(asSent(value))).toBeNull();
  });

  it('leaves out of the cookie when the visit began while that is its time, and reads it back', () => {
    const asSent = (value: string) =>
      ({ headers: { cookie: `visit=${value}` } }) as unknown as FastifyRequest;
    const bodyOf = (value: string) =>
      JSON.parse(Buffer.from(value.split('.')[0] ?? '', 'base64url').toString('utf8'));
    const note = visits.begin(landing, undefined);
    const value = visits.write(note);
    expect(bodyOf(value)).not.toHaveProperty('began');
    expect(visits.read(asSent(value))).toEqual(note);
    // After a bot-checked form its time moves on; when it began stays, and is written.
    const sent = afterSending(note, note.since + 60_000);
    expect(bodyOf(visits.write(sent)).began).toBe(note.began);
    expect(visits.read(asSent(visits.write(sent)))).toEqual(sent);
    expect(sourceToSend(visits.read(asSent(visits.write(sent))) ?? sent).startedAt).toBe(
      new Date(note.since).toISOString(),
    );
  });

  it('leaves out of the cookie the post it landed on while that is all it has read, and reads it back', () => {
    const asSent = (value: string) =>
      ({ headers: { cookie: `visit=${value}` } }) as unknown as FastifyRequest;
    const bodyOf = (value: string) =>
      JSON.parse(Buffer.from(value.split('.')[0] ?? '', 'base64url').toString('utf8'));
    const landed = visits.begin(new URL('https://example.com/blog/a-post?utm_source=mastodon'), undefined);
    const value = visits.write(landed);
    expect(bodyOf(value).source).toEqual({
      landingPage: '/blog/a-post?utm_source=mastodon',
      utmSource: 'mastodon',
    });
    expect(value.length).toBeLessThan(
      Buffer.from(JSON.stringify(landed)).toString('base64url').length - 'lastRead'.length,
    );
    expect(visits.read(asSent(value))).toEqual(landed);
    expect(landed.source).toMatchObject({ lastRead: '/blog/a-post', reads: ['/blog/a-post'] });
    // Once it has read more, the cookie says all of it.
    const more = afterReading(landed, new URL('https://example.com/projects/7'));
    expect(bodyOf(visits.write(more)).source.reads).toEqual(['/blog/a-post', '/projects/7']);
    expect(visits.read(asSent(visits.write(more)))).toEqual(more);
    // A visit that landed elsewhere and read nothing has no read to put back.
    const home = visits.begin(new URL('https://example.com/about'), undefined);
    expect(visits.read(asSent(visits.write(home)))?.source).toEqual({ landingPage: '/about' });
    // A cookie written before, with the read spelled out, reads the same.
    const spelled = Buffer.from(JSON.stringify(landed)).toString('base64url');
    const mac = hmacSigner(
      Buffer.from(hkdfSync('sha256', 'a server secret', '', 'portfolio visit cookie', 32)),
    );
    expect(visits.read(asSent(`${spelled}.${mac(spelled)}`))).toEqual(landed);
  });
});
