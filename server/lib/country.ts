/**
 * The country of an IP address (issue 48, point 3), from a bundled IP-to-country table: the
 * `@ip-location-db/geo-whois-asn-country` package (CC0, built from the five regional internet
 * registries' WHOIS data and providers' geofeeds), or fresher CSV files of the same form named by
 * `ANALYTICS_COUNTRY_FILES` (`start,end,CC` rows, IPv4 and IPv6 addresses, ranges inclusive and in
 * order). The address is looked up and forgotten: only the two-letter code is kept by the caller.
 *
 * The tables are read once per process, on the first lookup (about half a second), into typed
 * arrays searched by halving: a lookup is a few microseconds.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { isPublicAddress } from './address-check.ts';

export type CountryOf = (ip: string) => Promise<string | null>;

/** The package's two tables (IPv4 and IPv6), resolved where npm installed it. */
export function bundledCountryFiles(): string[] {
  const dir = dirname(
    createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country/package.json'),
  );
  return ['geo-whois-asn-country-ipv4.csv', 'geo-whois-asn-country-ipv6.csv'].map((file) => join(dir, file));
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

/** A dotted IPv4 address of `text` from `from` to `to` as a number, or -1 (not one). */
function parseV4(text: string, from: number, to: number): number {
  let value = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) {
      if (digits === 0 || part > 255) return -1;
      value = value * 256 + part;
      part = 0;
      digits = 0;
      dots++;
    } else if (c >= 48 && c <= 57 && digits < 3) {
      part = part * 10 + c - 48;
      digits++;
    } else return -1;
  }
  if (dots !== 3 || digits === 0 || part > 255) return -1;
  return value * 256 + part;
}

/** An IPv6 address of `text` from `from` to `to` (hex groups, one `::` at most) into `out` at `at`, or false. */
function parseV6(text: string, from: number, to: number, out: number[], at: number): boolean {
  const head: number[] = [];
  const tail: number[] = [];
  let groups = head;
  let afterGap = text.startsWith('::', from) && to - from >= 2;
  let i = afterGap ? from + 2 : from;
  if (afterGap) groups = tail;
  let group = 0;
  let digits = 0;
  for (; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 58) {
      if (digits === 0) return false;
      groups.push(group);
      group = 0;
      digits = 0;
      if (i + 1 < to && text.charCodeAt(i + 1) === 58) {
        if (groups === tail) return false;
        groups = tail;
        afterGap = true;
        i++;
      } else afterGap = false;
      continue;
    }
    const hex = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
    if (hex < 0 || digits === 4) return false;
    group = group * 16 + hex;
    digits++;
    afterGap = false;
  }
  if (digits > 0) groups.push(group);
  else if (!afterGap) return false;
  const gapped = groups === tail;
  if (gapped ? head.length + tail.length > 7 : head.length !== 8) return false;
  const full = gapped ? [...head, ...Array(8 - head.length - tail.length).fill(0), ...tail] : head;
  for (let w = 0; w < 4; w++) out[at + w] = ((full[2 * w] ?? 0) * 65536 + (full[2 * w + 1] ?? 0)) >>> 0;
  return true;
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
      const start4 = parseV4(text, line, comma);
      const end4 = start4 < 0 ? -1 : parseV4(text, comma + 1, second);
      if (start4 >= 0 && end4 >= 0) {
        four.start.push(start4);
        four.end.push(end4);
        four.country.push(country);
        continue;
      }
      const row = six.country.length * 4;
      if (parseV6(text, line, comma, six.start, row) && parseV6(text, comma + 1, second, six.end, row)) {
        six.country.push(country);
      } else {
        six.start.length = row;
        six.end.length = row;
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
  const mapped = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  // The guard also says it is an address at all; the table's own parsers then read it.
  if (!isPublicAddress(mapped)) return null;
  const four = parseV4(mapped, 0, mapped.length);
  if (four >= 0) {
    const row = findRow(
      table.v4Start.length,
      (i) => (table.v4Start[i] ?? 0) > four,
      (i) => (table.v4End[i] ?? 0) < four,
    );
    return row < 0 ? null : letters(table.v4Country[row] ?? 0);
  }
  const six: number[] = [];
  if (!parseV6(mapped, 0, mapped.length, six, 0)) return null;
  const row = findRow(
    table.v6Country.length,
    (i) => compare(table.v6Start, i, six) > 0,
    (i) => compare(table.v6End, i, six) < 0,
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
