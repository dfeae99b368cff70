/**
 * The country of an IP address (issue 48, point 3), from a bundled IP-to-country table: the
 * `@ip-location-db/geo-whois-asn-country` package (CC0, built from the five regional internet
 * registries' WHOIS data and providers' geofeeds), or fresher CSV files named by
 * `ANALYTICS_COUNTRY_FILES` (`start,end,CC` rows, ranges inclusive and in order; the ends written as
 * the package's `-num` tables write them, as numbers, or as IPv4 and IPv6 addresses). The address
 * is looked up and forgotten: only the two-letter code is kept by the caller.
 *
 * Addresses are read by ipaddr.js (ADR 028); the bundled tables are its numeric ones, which need no
 * address reading. They are read once per process, on the first lookup (under a second), into typed
 * arrays searched by halving: a lookup is a few microseconds.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { dirname, join } from 'node:path';
import ipaddr from 'ipaddr.js';
import { isPublicAddress } from './address-check.ts';

export type CountryOf = (ip: string) => Promise<string | null>;

/** The package's two tables (IPv4 and IPv6), resolved where npm installed it. */
export function bundledCountryFiles(): string[] {
  const dir = dirname(
    createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country/package.json'),
  );
  return ['geo-whois-asn-country-ipv4-num.csv', 'geo-whois-asn-country-ipv6-num.csv'].map((file) =>
    join(dir, file),
  );
}

const letters = (value: number) => String.fromCharCode(value >> 8, value & 255);

interface Table {
  v4Start: Uint32Array;
  v4End: Uint32Array;
  v4Country: Uint16Array;
  v6Start: Uint32Array;
  v6End: Uint32Array;
  v6Country: Uint16Array;
}

const TWO_32 = 2 ** 32;
const MASK_32 = (1n << 32n) - 1n;

/** An address as the tables compare it: its 32-bit words, one for IPv4 and four for IPv6. */
function wordsOf(address: ipaddr.IPv4 | ipaddr.IPv6): number[] {
  const bytes = address.toByteArray();
  const words: number[] = [];
  for (let at = 0; at < bytes.length; at += 4) {
    words.push(
      ((bytes[at] ?? 0) * 2 ** 24 +
        ((bytes[at + 1] ?? 0) << 16) +
        ((bytes[at + 2] ?? 0) << 8) +
        (bytes[at + 3] ?? 0)) >>>
        0,
    );
  }
  return words;
}

/**
 * A range's end, from `from` to `to` of `text`: an IPv4 address as a number, an IPv6 one as its four
 * words. Written as a number, as the package's `-num` tables write them (below 2^32 an IPv4 address,
 * else IPv6: public IPv6 addresses are all above 2^125), or as an address of either family, as
 * ipaddr.js reads it (IPv4 in its four-part form only); null for anything else.
 */
function boundOf(text: string, from: number, to: number): number | number[] | null {
  let value = 0;
  let digits = true;
  for (let i = from; i < to && digits; i++) {
    const c = text.charCodeAt(i);
    digits = c >= 48 && c <= 57;
    value = value * 10 + c - 48;
  }
  if (digits && to > from && to - from <= 39) {
    if (to - from <= 10 && value < TWO_32) return value;
    const big = BigInt(text.slice(from, to));
    if (big >> 128n !== 0n) return null;
    return [
      Number(big >> 96n),
      Number((big >> 64n) & MASK_32),
      Number((big >> 32n) & MASK_32),
      Number(big & MASK_32),
    ];
  }
  const address = text.slice(from, to);
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return wordsOf(ipaddr.IPv4.parse(address))[0] ?? null;
  return ipaddr.IPv6.isValid(address) ? wordsOf(ipaddr.IPv6.parse(address)) : null;
}

/** Reads the CSV tables into typed arrays; a row that is not a range of one kind of address is skipped. */
export async function loadCountryTable(files: string[]): Promise<Table> {
  const four: { start: number[]; end: number[]; country: number[] } = { start: [], end: [], country: [] };
  const six: { start: number[]; end: number[]; country: number[] } = { start: [], end: [], country: [] };
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    let at = 0;
    while (at < text.length) {
      let next = text.indexOf('\n', at);
      if (next < 0) next = text.length;
      const comma = text.indexOf(',', at);
      const second = comma < 0 ? -1 : text.indexOf(',', comma + 1);
      let end = next;
      while (end > at && text.charCodeAt(end - 1) <= 32) end--;
      const line = at;
      at = next + 1;
      if (comma < 0 || second < 0 || second > end || end - second !== 3) continue;
      const a = text.charCodeAt(second + 1);
      const b = text.charCodeAt(second + 2);
      if (a < 65 || a > 90 || b < 65 || b > 90) continue;
      const country = (a << 8) | b;
      const first = boundOf(text, line, comma);
      const last = first === null ? null : boundOf(text, comma + 1, second);
      if (first === null || last === null) continue;
      if (typeof first === 'number' && typeof last === 'number') {
        four.start.push(first);
        four.end.push(last);
        four.country.push(country);
      } else if (typeof first !== 'number' && typeof last !== 'number') {
        six.start.push(...first);
        six.end.push(...last);
        six.country.push(country);
      }
    }
  }
  return {
    v4Start: Uint32Array.from(four.start),
    v4End: Uint32Array.from(four.end),
    v4Country: Uint16Array.from(four.country),
    v6Start: Uint32Array.from(six.start),
    v6End: Uint32Array.from(six.end),
    v6Country: Uint16Array.from(six.country),
  };
}

/** The row whose range holds the address, by halving; -1 when none does. */
function findRow(count: number, startAfter: (row: number) => boolean, endBefore: (row: number) => boolean) {
  let low = 0;
  let high = count - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (startAfter(middle)) high = middle - 1;
    else {
      found = middle;
      low = middle + 1;
    }
  }
  return found >= 0 && !endBefore(found) ? found : -1;
}

/** -1, 0 or 1 as the four words at `row` of `words` compare with `address`. */
function compare(words: Uint32Array, row: number, address: number[]): number {
  for (let i = 0; i < 4; i++) {
    const word = words[row * 4 + i] ?? 0;
    const given = address[i] ?? 0;
    if (word !== given) return word < given ? -1 : 1;
  }
  return 0;
}

/**
 * The two-letter code of an address in a loaded table, or null: not listed, or not a public
 * address at all (the importer's guard says which), since a table may list private ranges by
 * mistake (the bundled one gives 192.168.0.0/16 to AU).
 */
export function countryIn(table: Table, ip: string): string | null {
  // An address as Node reads one (no shorthand IPv4 forms), an IPv4 one written as IPv6 unwrapped.
  if (!isIP(ip)) return null;
  const address = ipaddr.process(ip);
  if (!isPublicAddress(address.toString())) return null;
  const words = wordsOf(address);
  if (words.length === 1) {
    const four = words[0] ?? 0;
    const row = findRow(
      table.v4Start.length,
      (i) => (table.v4Start[i] ?? 0) > four,
      (i) => (table.v4End[i] ?? 0) < four,
    );
    return row < 0 ? null : letters(table.v4Country[row] ?? 0);
  }
  const row = findRow(
    table.v6Country.length,
    (i) => compare(table.v6Start, i, words) > 0,
    (i) => compare(table.v6End, i, words) < 0,
  );
  return row < 0 ? null : letters(table.v6Country[row] ?? 0);
}

/**
 * A lookup over `files`, read on its first call. A table that cannot be read leaves every country
 * unknown (the counting goes on), said once through `warn`.
 */
export function countryLookup(files: string[], warn: (message: string) => void = () => {}): CountryOf {
  let table: Promise<Table | null> | undefined;
  return async (ip) => {
    table ??= loadCountryTable(files).catch((error: unknown) => {
      warn(`The IP-to-country table could not be read (${String(error)}): countries are unknown.`);
      return null;
    });
    const loaded = await table;
    return loaded ? countryIn(loaded, ip) : null;
  };
}
