/**
 * CSV in one place (RFC 4180), on the node-csv project's csv-stringify and csv-parse (ADR 025):
 * the owner's exports (the newsletter's list, the analytics' reports) and the list's import.
 */
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

type Cell = string | number | null | undefined;

/**
 * A cell as the exports write it: a number as it is; text with a leading = + - @ (or a tab or a
 * CR) defused with an apostrophe, so a spreadsheet shows it as text instead of running it.
 */
const defused = (value: Cell): string | number => {
  if (typeof value === 'number') return value;
  const text = value ?? '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};

/**
 * A whole file: the header, then one line per row, each line ended by CRLF; a field is quoted when
 * it holds a comma, a quote, a semicolon or a line break (quotes doubled inside).
 */
export function csvFile(header: string[], rows: Cell[][]): string {
  return stringify([header, ...rows.map((row) => row.map(defused))], {
    record_delimiter: 'windows',
    quoted_match: /[;\r\n]/,
  });
}

/** A file's rows that cannot be read as CSV (a quote never closed): where, in words. */
export class CsvUnreadable extends Error {}

/**
 * A CSV file's rows, as a spreadsheet saves one: commas or semicolons between fields, any line ends, quotes
 * doubled inside quotes, line breaks inside quotes, a byte-order mark ignored, rows of any length;
 * a row of blank fields is left out. `CsvUnreadable` when it is not CSV.
 */
export function parseCsv(text: string): string[][] {
  try {
    const rows = parse(text, {
      bom: true,
      delimiter: [',', ';'],
      // Windows', Unix and old Macs' line ends, even mixed in one file.
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
    return rows.filter((row) => row.some((value) => value.trim() !== ''));
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new CsvUnreadable(`The file could not be read as CSV${line ? ` (line ${line})` : ''}.`);
    }
    throw error;
  }
}
