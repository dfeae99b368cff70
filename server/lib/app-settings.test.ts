import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appMeta } from '../db/schema.ts';
import { openTestDatabase } from '../testing/test-app.ts';
import { jsonSetting } from './app-settings.ts';

const database = await openTestDatabase();
afterAll(() => database.close());

const schema = z.object({ hours: z.array(z.number().int()).max(3) });
const setting = jsonSetting('test:hours', schema, () => ({ hours: [24] }));

describe('a setting kept as JSON in app_meta (issue 63)', () => {
  it('reads the fallback until it is set, then what was set; refuses what its schema refuses', async () => {
    expect(await setting.get(database.db)).toEqual({ hours: [24] });
    expect(await setting.set(database.db, { hours: [48, 1] })).toEqual({ hours: [48, 1] });
    expect(await setting.get(database.db)).toEqual({ hours: [48, 1] });
    await expect(setting.set(database.db, { hours: [1, 2, 3, 4] })).rejects.toThrow();
    expect(await setting.get(database.db)).toEqual({ hours: [48, 1] });
  });

  it('falls back on a row it cannot read instead of failing the page that asks', async () => {
    await database.db.insert(appMeta).values({ key: 'test:broken', value: '{"hours": "many"' });
    const broken = jsonSetting('test:broken', schema, () => ({ hours: [] }));
    expect(await broken.get(database.db)).toEqual({ hours: [] });
  });

  it('counts two changes made at once, each under the row lock', async () => {
    const counted = jsonSetting('test:count', z.object({ n: z.number() }), () => ({ n: 0 }));
    await Promise.all(
      Array.from({ length: 5 }, () => counted.change(database.db, (current) => ({ n: current.n + 1 }))),
    );
    expect(await counted.get(database.db)).toEqual({ n: 5 });
  });
});
