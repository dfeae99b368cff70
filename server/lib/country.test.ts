/**
 * The IP-to-country table (issue 48, point 3): the bundled one answers for real addresses, a
 * fresher file of the same form can replace it, rows that are not ranges are skipped, and an
 * address no range holds (a private one) has no country.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledCountryFiles, countryIn, countryLookup, loadCountryTable } from './country.ts';

describe('the bundled table', () => {
  const countryOf = countryLookup(bundledCountryFiles());

  it('knows public IPv4 and IPv6 addresses, an IPv4 address written as IPv6 too', async () => {
    expect(await countryOf('8.8.8.8')).toBe('US');
    expect(await countryOf('1.0.0.1')).toBe('AU');
    expect(await countryOf('::ffff:8.8.8.8')).toBe('US');
    expect(await countryOf('2001:4860:4860::8888')).toBe('US');
  });

  it('has no country for a private, loopback or malformed address', async () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.1',
      '172.20.0.1',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:192.168.1.1',
      'not an address',
      '',
      '1.2.3',
    ])
      expect(await countryOf(ip)).toBeNull();
  });
});

describe('a table of its own', () => {
  const dir = mkdtempSync(join(tmpdir(), 'countries-'));
  const file = join(dir, 'countries.csv');
  writeFileSync(
    file,
    [
      '1.0.0.0,1.0.0.255,AU',
      'a comment line',
      '5.0.0.0,5.0.0.9,de',
      '5.0.0.10,5.0.0.20,NL',
      '192.0.2.0,192.0.2.255,US',
      '300.0.0.0,300.0.0.1,XX',
      '2a01:e0a::,2a01:e0a:0:ffff:ffff:ffff:ffff:ffff,FR',
      '2a01:e0a:1::,2a01:e0a:1::ff,BE',
      '::ffff:zz::,::1,ZZ',
      '',
    ].join('\r\n'),
  );

  it('reads the rows that are ranges, and finds the range that holds an address, its ends included', async () => {
    const table = await loadCountryTable([file]);
    expect(table.v4Country).toHaveLength(3);
    expect(table.v6Country).toHaveLength(2);
    expect(countryIn(table, '1.0.0.0')).toBe('AU');
    expect(countryIn(table, '1.0.0.255')).toBe('AU');
    expect(countryIn(table, '1.0.1.0')).toBeNull();
    // A lower-case code is not a country code: its row is skipped.
    expect(countryIn(table, '5.0.0.5')).toBeNull();
    expect(countryIn(table, '5.0.0.20')).toBe('NL');
    expect(countryIn(table, '2a01:e0a::1')).toBe('FR');
    expect(countryIn(table, '2a01:e0a:0:ffff:ffff:ffff:ffff:ffff')).toBe('FR');
    expect(countryIn(table, '2a01:e0a:1::80')).toBe('BE');
    expect(countryIn(table, '2a01:e0a:1::100')).toBeNull();
    expect(countryIn(table, '2a01:e0a:2::')).toBeNull();
    // An IPv4 address written as IPv6 is the same address; a documentation one is no one's,
    // whatever a table says.
    expect(countryIn(table, '::ffff:1.0.0.1')).toBe('AU');
    expect(countryIn(table, '192.0.2.5')).toBeNull();
  });

  it('leaves every country unknown, and says so once, when its file cannot be read', async () => {
    const warnings: string[] = [];
    const countryOf = countryLookup([join(dir, 'missing.csv')], (message) => warnings.push(message));
    expect(await countryOf('1.0.0.1')).toBeNull();
    expect(await countryOf('1.0.0.2')).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/could not be read/);
  });

  it('reads the same ranges written as numbers, as the package’s -num tables write them', async () => {
    const numbers = join(dir, 'countries-num.csv');
    writeFileSync(
      numbers,
      [
        // 1.0.0.0 to 1.0.0.255, and 2a01:e0a:: to 2a01:e0a:0:ffff:ffff:ffff:ffff:ffff.
        '16777216,16777471,AU',
        '55833052865841077755617738225061199872,55833052865842286681437352854235906047,FR',
        // Past 2^128: no address at all.
        '340282366920938463463374607431768211456,340282366920938463463374607431768211457,XX',
        // One end of each family: not a range.
        '16777216,55833052865841077755617738225061199872,YY',
      ].join('\n'),
    );
    const table = await loadCountryTable([numbers]);
    expect([table.v4Country.length, table.v6Country.length]).toEqual([1, 1]);
    expect(countryIn(table, '1.0.0.0')).toBe('AU');
    expect(countryIn(table, '1.0.0.255')).toBe('AU');
    expect(countryIn(table, '1.0.1.0')).toBeNull();
    expect(countryIn(table, '2a01:e0a::1')).toBe('FR');
    expect(countryIn(table, '2a01:e0a:0:ffff:ffff:ffff:ffff:ffff')).toBe('FR');
    expect(countryIn(table, '2a01:e0a:1::')).toBeNull();
  });

  it('reads an address only in its full form: no shorthand IPv4 in the table or in a lookup', async () => {
    const shorthand = join(dir, 'countries-shorthand.csv');
    writeFileSync(shorthand, ['1.0,1.255,AU', '0x01000000,0x010000ff,AU', '8.8.8.0,8.8.8.255,US'].join('\n'));
    const table = await loadCountryTable([shorthand]);
    expect(table.v4Country).toHaveLength(1);
    expect(countryIn(table, '8.8.8.8')).toBe('US');
    expect(countryIn(table, '8.8.2056')).toBeNull();
    expect(countryIn(table, '134744072')).toBeNull();
  });
});
