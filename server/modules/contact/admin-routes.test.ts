/** The owner's records of quote requests and messages, and the inbox that gathers them. */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { insertEndorsement, insertSkill } from '../../db/factories.ts';
import { notificationOutbox, skills } from '../../db/schema.ts';
import { caller, freshIp, signedInTestApp } from '../../testing/test-app.ts';

const { t, admin: adminCookie } = await signedInTestApp({ seed: false });
afterAll(() => t.close());
const call = caller(t, adminCookie);

describe('records', () => {
  it('lists quote requests newest first with every field', async () => {
    for (const name of ['First Client', 'Second Client']) {
      await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: freshIp(),
        payload: {
          name,
          email: 'c@example.com',
          projectType: 'website',
          budget: 'flexible',
          timeframe: 'asap',
          message: 'Please build my website',
        },
      });
    }
    const page = (await call('GET', '/api/admin/quotes')).json();
    expect(page.items.map((q: { name: string }) => q.name).slice(0, 2)).toEqual([
      'Second Client',
      'First Client',
    ]);
    expect(page.items[0]).toMatchObject({ email: 'c@example.com', budget: 'flexible', newsletter: false });
  });

  it('lists resume requests with their download state, never the token hash', async () => {
    const { accessToken } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/resume/request',
        remoteAddress: freshIp(),
        payload: { name: 'Hiring Manager', email: 'hm@example.com', purpose: 'networking' },
      })
    ).json();
    await t.app.inject(`/api/resume/download/${accessToken}`);
    const before = (await call('GET', '/api/admin/resume-requests')).json();
    expect(before.items[0]).toMatchObject({ name: 'Hiring Manager', accessed: false, accessedAt: null });
    await t.app.inject(`/api/resume?token=${accessToken}`);
    const page = (await call('GET', '/api/admin/resume-requests')).json();
    expect(page.items[0]).toMatchObject({ name: 'Hiring Manager', accessed: true });
    expect(page.items[0].accessedAt).not.toBeNull();
    expect(Object.keys(page.items[0])).not.toContain('accessTokenHash');
  });

  it('removing an endorsement lowers the skill’s count', async () => {
    const skill = await insertSkill(t.database.db, { endorsementCount: 2 });
    const keep = await insertEndorsement(t.database.db, skill.id);
    const abusive = await insertEndorsement(t.database.db, skill.id, { comment: 'abuse' });
    const list = (await call('GET', `/api/admin/endorsements?skillId=${skill.id}`)).json();
    expect(list.items.map((e: { email: string }) => e.email)).toEqual([abusive.email, keep.email]);
    expect((await call('DELETE', `/api/admin/endorsements/${abusive.id}`)).statusCode).toBe(204);
    const [row] = await t.database.db.select().from(skills).where(eq(skills.id, skill.id));
    expect(row?.endorsementCount).toBe(1);
    expect((await call('DELETE', `/api/admin/endorsements/${abusive.id}`)).statusCode).toBe(404);
  });
});

describe('inbox', () => {
  const send = async (payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: freshIp(),
      payload,
    });
    expect(res.statusCode).toBe(201);
  };
  const quote = (name: string) =>
    send({
      name,
      email: 'inbox@example.com',
      phone: '404-555-0101',
      company: 'Peach Motors',
      projectType: 'webapp',
      budget: '5-10k',
      timeframe: '3months',
      message: 'Key programming for our fleet',
      newsletter: true,
    });
  const message = (name: string) =>
    send({ name, email: 'note@example.com', subject: 'Hello there', message: 'Just saying hello to you.' });

  it('merges quotes and messages newest first, with every field, the kind and the email status', async () => {
    await quote('Inbox Quote');
    await message('Inbox Message');
    const page = (await call('GET', '/api/admin/inbox?pageSize=2')).json();
    expect(page.items.map((i: { kind: string; name: string }) => [i.kind, i.name])).toEqual([
      ['contact', 'Inbox Message'],
      ['quote', 'Inbox Quote'],
    ]);
    expect(page.items[1]).toMatchObject({
      phone: '404-555-0101',
      company: 'Peach Motors',
      projectType: 'webapp',
      budget: '5-10k',
      timeframe: '3months',
      newsletter: true,
      readAt: null,
      archivedAt: null,
      emailStatus: 'pending',
    });
    expect(page.items[0]).toMatchObject({ subject: 'Hello there', emailStatus: 'pending' });
    expect(page.total).toBeGreaterThanOrEqual(2);

    // The mail worker's result shows as the item's email status.
    await t.database.db
      .update(notificationOutbox)
      .set({ status: 'sent' })
      .where(eq(notificationOutbox.sourceId, page.items[1].id));
    const again = (await call('GET', '/api/admin/inbox?kind=quote&pageSize=1')).json();
    expect(again.items[0]).toMatchObject({ name: 'Inbox Quote', emailStatus: 'sent' });
    expect(again.items.every((i: { kind: string }) => i.kind === 'quote')).toBe(true);
  });

  it('pages through the merged list without repeats', async () => {
    for (let i = 0; i < 3; i++) await quote(`Paged ${i}`);
    for (let i = 0; i < 2; i++) await message(`Paged message ${i}`);
    const all = (await call('GET', '/api/admin/inbox?pageSize=100')).json();
    const seen: string[] = [];
    for (let p = 1; p <= Math.ceil(all.total / 3); p++) {
      const page = (await call('GET', `/api/admin/inbox?pageSize=3&page=${p}`)).json();
      seen.push(...page.items.map((i: { kind: string; id: number }) => `${i.kind}:${i.id}`));
    }
    expect(seen).toEqual(all.items.map((i: { kind: string; id: number }) => `${i.kind}:${i.id}`));
    expect(new Set(seen).size).toBe(all.total);
  });

  it('marks read and unread, archives and restores, and the unread count follows', async () => {
    await quote('State Quote');
    const [item] = (await call('GET', '/api/admin/inbox?kind=quote&pageSize=1')).json().items;
    const unreadBefore = (await call('GET', '/api/admin/summary')).json().unreadRequests;
    expect((await call('PATCH', `/api/admin/inbox/quote/${item.id}`, { read: true })).statusCode).toBe(204);
    expect((await call('GET', '/api/admin/summary')).json().unreadRequests).toBe(unreadBefore - 1);
    const unread = (await call('GET', '/api/admin/inbox?state=unread&pageSize=100')).json();
    expect(unread.items.map((i: { id: number; kind: string }) => `${i.kind}:${i.id}`)).not.toContain(
      `quote:${item.id}`,
    );

    await call('PATCH', `/api/admin/inbox/quote/${item.id}`, { archived: true });
    const open = (await call('GET', '/api/admin/inbox?pageSize=100')).json();
    expect(open.items.some((i: { id: number; kind: string }) => i.kind === 'quote' && i.id === item.id)).toBe(
      false,
    );
    const archived = (await call('GET', '/api/admin/inbox?state=archived')).json();
    expect(archived.items[0]).toMatchObject({ id: item.id, kind: 'quote' });
    expect(archived.items[0].archivedAt).not.toBeNull();

    await call('PATCH', `/api/admin/inbox/quote/${item.id}`, { archived: false, read: false });
    const restored = (await call('GET', '/api/admin/inbox?kind=quote&pageSize=1')).json().items[0];
    expect(restored).toMatchObject({ id: item.id, readAt: null, archivedAt: null });
  });

  it('answers 404 for an unknown item and 400 for an empty change or unknown kind', async () => {
    expect((await call('PATCH', '/api/admin/inbox/quote/999999', { read: true })).statusCode).toBe(404);
    expect((await call('PATCH', '/api/admin/inbox/quote/1', {})).statusCode).toBe(400);
    expect((await call('PATCH', '/api/admin/inbox/resume/1', { read: true })).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/inbox?state=deleted')).statusCode).toBe(400);
  });
});
