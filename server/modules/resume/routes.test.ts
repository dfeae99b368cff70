import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationOutbox, resumeRequests } from '../../db/schema.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { createTestApp, freshIp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const request = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/resume/request', payload, remoteAddress: freshIp() });
const valid = {
  name: 'Riley Recruiter',
  email: 'riley@example.com',
  company: 'Acme',
  purpose: 'job_opportunity',
};

describe('resume requests', () => {
  it('returns a 256-bit access token, storing only its hash, and notifies the owner', async () => {
    const res = await request({ ...valid, message: 'We are hiring' });
    expect(res.statusCode).toBe(201);
    const { accessToken } = res.json();
    expect(accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db.select().from(resumeRequests);
    expect(row).toMatchObject({
      name: 'Riley Recruiter',
      purpose: 'job_opportunity',
      accessed: false,
      accessedAt: null,
    });
    expect(row?.accessTokenHash).toBe(sha256Hex(accessToken));
    expect(JSON.stringify(row)).not.toContain(accessToken);
    const notes = await t.database.db.select().from(notificationOutbox);
    expect(notes.map((n) => n.kind)).toContain('resume');
  });

  it('gives the download address for a token, serves the PDF, and records the download', async () => {
    const { accessToken } = (await request(valid)).json();
    const lookup = await t.app.inject(`/api/resume/download/${accessToken}`);
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toEqual({ resumeUrl: `/api/resume?token=${accessToken}` });
    const rowOf = async () =>
      (await t.database.db.select().from(resumeRequests)).find(
        (r) => r.accessTokenHash === sha256Hex(accessToken),
      );
    // The lookup alone is not a download.
    expect(await rowOf()).toMatchObject({ accessed: false, accessedAt: null });

    const pdf = await t.app.inject(lookup.json().resumeUrl);
    expect(await rowOf()).toMatchObject({ accessed: true, accessedAt: expect.any(Date) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('inline; filename="jordan-ellis-resume.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(2000);
  });

  it('answers 404 for an unknown token and 401 for the file without one', async () => {
    expect((await t.app.inject('/api/resume/download/not-a-real-token')).statusCode).toBe(404);
    expect((await t.app.inject('/api/resume?token=not-a-real-token')).statusCode).toBe(404);
    const bare = await t.app.inject('/api/resume');
    expect(bare.statusCode).toBe(401);
    expect(bare.json().message).toBe('Please request the resume first at /resume.');
  });

  it.each([
    ['name', { name: '' }, 'Name is required'],
    ['email', { email: 'riley' }, 'Invalid email address'],
    ['purpose', { purpose: '' }, 'Purpose is required'],
    ['purpose', { purpose: 'stalking' }, 'Purpose is required'],
  ])('answers 400 on a bad %s with the spec message', async (field, change, message) => {
    const res = await request({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });
});

describe('the same resume request sent twice at once', () => {
  it('is stored once and tells the owner once; both answers carry the one working link', async () => {
    const twice = { ...valid, email: 'twice.resume@example.com' };
    const answers = await Promise.all([request(twice), request(twice)]);
    const tokens = answers.map((res) => (res.json() as { accessToken: string }).accessToken);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201]);
    expect(tokens[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens[1]).toBe(tokens[0]);
    const rows = await t.database.db
      .select()
      .from(resumeRequests)
      .where(eq(resumeRequests.email, 'twice.resume@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.accessTokenHash).toBe(sha256Hex(tokens[0] ?? ''));
    const notes = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.subject, 'Resume requested by Riley Recruiter'));
    expect(notes.filter((note) => note.body.includes('twice.resume@example.com'))).toHaveLength(1);
  });
});
