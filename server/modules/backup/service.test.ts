import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

describe('the daily backups and the owner’s backup API', () => {
  let t: TestApp;
  let now = new Date('2026-11-24T08:00:00Z');
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => now }, env: { BACKUP_KEEP: '2' } });
    admin = await t.signIn('admin');
  });
  afterAll(() => t.close());
  const dir = () => join(t.config.DATA_DIR, 'backups');

  it('writes one a day, keeps the newest BACKUP_KEEP', async () => {
    expect(await t.app.backups.runDaily()).toBe(true);
    expect(readdirSync(dir())).toEqual(['portfolio-backup-2026-11-24T080000Z.gz']);
    now = new Date('2026-11-24T20:00:00Z');
    expect(await t.app.backups.runDaily()).toBe(false);
    now = new Date('2026-11-25T08:30:00Z');
    expect(await t.app.backups.runDaily()).toBe(true);
    now = new Date('2026-11-26T09:00:00Z');
    expect(await t.app.backups.runDaily()).toBe(true);
    expect(readdirSync(dir()).sort()).toEqual([
      'portfolio-backup-2026-11-25T083000Z.gz',
      'portfolio-backup-2026-11-26T090000Z.gz',
    ]);
  });

  it('lists, writes and downloads backups for the admin only', async () => {
    for (const cookie of [undefined, await t.signIn('user')]) {
      const headers = cookie ? { cookie } : {};
      const list = await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers });
      expect([401, 403]).toContain(list.statusCode);
      const write = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers });
      expect([401, 403]).toContain(write.statusCode);
      const file = await t.app.inject({
        method: 'GET',
        url: '/api/admin/backups/portfolio-backup-2026-11-26T090000Z.gz',
        headers,
      });
      expect([401, 403]).toContain(file.statusCode);
    }

    now = new Date('2026-11-26T10:15:00Z');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/backups',
      headers: { cookie: admin },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ name: 'portfolio-backup-2026-11-26T101500Z.gz' });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: { cookie: admin } });
    expect(list.json().items.map((item: { name: string }) => item.name)).toEqual([
      'portfolio-backup-2026-11-26T101500Z.gz',
      'portfolio-backup-2026-11-26T090000Z.gz',
    ]);
    const file = await t.app.inject({
      url: '/api/admin/backups/portfolio-backup-2026-11-26T101500Z.gz',
      headers: { cookie: admin },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/gzip');
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="portfolio-backup-2026-11-26T101500Z.gz"',
    );
    expect(file.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    for (const name of ['..%2F..%2Fportfolio.lock', 'portfolio-backup-2026-01-01T000000Z.gz', 'x.gz']) {
      const missing = await t.app.inject({
        method: 'GET',
        url: `/api/admin/backups/${name}`,
        headers: { cookie: admin },
      });
      expect(missing.statusCode, name).toBe(404);
      expect(missing.json().message).toBe('There is no backup by that name.');
    }
  });

  it('answers the local backup request only with the data directory’s token', async () => {
    // This app runs on in-memory PGlite: no token is written, and none is accepted.
    for (const token of [undefined, '', 'guess']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/backup/local',
        headers: token === undefined ? {} : { 'x-backup-token': token },
      });
      expect(res.statusCode).toBe(403);
    }
  });
});
