/**
 * The availability and a call type, each a form the owner may leave open on one device while
 * saving on another: a save based on a version saved over since is refused (edit-versions.ts), on
 * PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { OwnerBookingSettings } from '../../../common/schemas/booking.ts';
import type { OwnerCallType } from '../../../common/schemas/call-types.ts';
import { appMeta, callTypes } from '../../db/schema.ts';
import { sampleCallType } from '../../testing/samples.ts';
import { caller, signedInTestApp } from '../../testing/test-app.ts';

const { t, admin } = await signedInTestApp({ seed: false });
afterAll(() => t.close());
const call = caller(t, admin);
const changed = (what: string, button: string) =>
  `${what} was changed elsewhere after you opened it. Press '${button}' again to save your version over it, or reload the page to see the other changes.`;

describe('the availability', () => {
  const CHANGED = changed('Your availability', 'Save availability');
  const opened = async () =>
    (await call('GET', '/api/admin/booking-settings')).json() as OwnerBookingSettings;
  const save = (settings: OwnerBookingSettings, changes: object, basedOn = settings.updatedAt) =>
    call('PUT', '/api/admin/booking-settings', { ...settings, ...changes, basedOn });
  beforeEach(async () => {
    await t.database.db.delete(appMeta);
    // Saved once, so that it has a version.
    await call('PUT', '/api/admin/booking-settings', await opened());
  });

  it('is refused with 409 when saved from an older version, keeping what the other save wrote', async () => {
    const laptop = await opened();
    expect(laptop.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The phone blocks a day off first.
    const phone = await save(laptop, { blockedDates: ['2026-12-24'] });
    expect(phone.statusCode, phone.body).toBe(200);
    expect(phone.json().updatedAt).not.toBe(laptop.updatedAt);
    // The laptop, open since before, saves its hours: the day off would have gone with it.
    const late = await save(laptop, { noticeHours: 48 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: CHANGED, errors: { basedOn: CHANGED } });
    expect(await opened()).toEqual(phone.json());
    // Pressed again on the version it now knows: saved over it.
    const again = await save(laptop, { noticeHours: 48 }, phone.json().updatedAt);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ noticeHours: 48, blockedDates: [] });
  });

  it('two saves from one version at the same moment: one is written, the other refused', async () => {
    const laptop = await opened();
    const answers = await Promise.all([24, 48].map((noticeHours) => save(laptop, { noticeHours })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const written = answers.find((answer) => answer.statusCode === 200)?.json();
    expect((await opened()).noticeHours).toBe(written.noticeHours);
  });

  it('on a fresh site, never saved: the first save from it is written, a second from it refused', async () => {
    await t.database.db.delete(appMeta);
    const fresh = await opened();
    expect(fresh.updatedAt).toBe('1970-01-01T00:00:00.000Z');
    expect((await save(fresh, { noticeHours: 2 })).statusCode).toBe(200);
    expect((await save(fresh, { noticeHours: 3 })).statusCode).toBe(409);
    expect((await opened()).noticeHours).toBe(2);
  });

  it('without a version (an API client) is written as before', async () => {
    const laptop = await opened();
    expect((await save(laptop, { noticeHours: 2 })).statusCode).toBe(200);
    const { updatedAt: _version, ...settings } = laptop;
    const res = await call('PUT', '/api/admin/booking-settings', { ...settings, noticeHours: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await opened()).noticeHours).toBe(3);
  });

  it('a version that is not a time is a 400 and changes nothing', async () => {
    const laptop = await opened();
    const res = await save(laptop, { noticeHours: 5 }, 'yesterday');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.basedOn).toBe('Reload the page and try again');
    expect(await opened()).toEqual(laptop);
  });
});

describe('a call type', () => {
  const CHANGED = changed('This call type', 'Save call type');
  const list = async () => (await call('GET', '/api/admin/call-types')).json() as OwnerCallType[];
  const save = (type: OwnerCallType, changes: object, basedOn: string = type.updatedAt) =>
    call('PUT', `/api/admin/call-types/${type.id}`, { ...type, ...changes, basedOn });
  beforeEach(async () => {
    await t.database.db.delete(callTypes);
    expect((await call('POST', '/api/admin/call-types', sampleCallType)).statusCode).toBe(201);
  });

  it('is refused with 409 when saved from an older version, keeping what the other save wrote', async () => {
    const [laptop] = await list();
    if (!laptop) throw new Error('no call type');
    expect(laptop.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const phone = await save(laptop, { daysOff: ['2026-12-24'] });
    expect(phone.statusCode, phone.body).toBe(200);
    const late = await save(laptop, { description: 'Typed on the laptop.' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: CHANGED, errors: { basedOn: CHANGED } });
    const [kept] = await list();
    expect(kept).toMatchObject({ daysOff: ['2026-12-24'], description: sampleCallType.description });
    // Pressed again on the version it now knows: saved over it.
    const again = await save(laptop, { description: 'Typed on the laptop.' }, kept?.updatedAt);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject([{ description: 'Typed on the laptop.', daysOff: [] }]);
  });

  it('renamed from an older version is refused too, and keeps its name', async () => {
    const [laptop] = await list();
    if (!laptop) throw new Error('no call type');
    expect((await save(laptop, { noticeHours: 5 })).statusCode).toBe(200);
    const renamed = await save(laptop, { id: 'keys', name: 'Keys' });
    expect(renamed.statusCode).toBe(409);
    expect((await list()).map((type) => [type.id, type.noticeHours])).toEqual([['key-repair', 5]]);
  });

  it('without a version (an API client) is written as before', async () => {
    const [laptop] = await list();
    if (!laptop) throw new Error('no call type');
    const { updatedAt: _version, ...type } = laptop;
    expect((await save(laptop, { noticeHours: 5 })).statusCode).toBe(200);
    const res = await call('PUT', `/api/admin/call-types/${type.id}`, { ...type, noticeHours: 7 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list())[0]?.noticeHours).toBe(7);
  });
});
