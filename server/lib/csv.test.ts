import { describe, expect, it } from 'vitest';
import { CsvUnreadable, csvFile, parseCsv } from './csv.ts';

describe('CSV out', () => {
  it('writes CRLF lines, quotes what needs it and defuses what a spreadsheet would run', () => {
    expect(
      csvFile(
        ['path', 'views'],
        [
          ['/blog/a', 3],
          ['a, "quoted" one', 0],
          ['line\nbreak', null],
          ['semi;colon', undefined],
          ['=HYPERLINK("x")', 1],
          ['-1', 2],
          ['@sum', 5],
        ],
      ),
    ).toBe(
      'path,views\r\n/blog/a,3\r\n"a, ""quoted"" one",0\r\n"line\nbreak",\r\n"semi;colon",\r\n"\'=HYPERLINK(""x"")",1\r\n\'-1,2\r\n\'@sum,5\r\n',
    );
  });
});

describe('CSV in', () => {
  it('reads what spreadsheets save: commas or semicolons, quotes, line breaks inside quotes, a BOM, blank rows left out', () => {
    expect(
      parseCsv(
        '\uFEFFemail;name\r\n"a@example.com";"Ann ""A"" Lee"\r\n\r\n ; \nb@example.com,"two\nlines"\n',
      ),
    ).toEqual([
      ['email', 'name'],
      ['a@example.com', 'Ann "A" Lee'],
      ['b@example.com', 'two\nlines'],
    ]);
    expect(parseCsv('email\nno"quote@example.com\nshort,row,of,more')).toEqual([
      ['email'],
      ['no"quote@example.com'],
      ['short', 'row', 'of', 'more'],
    ]);
  });

  it('says so, in words and by line, when a file is not CSV', () => {
    expect(() => parseCsv('email,name\n"never closed@example.com,Ann\n')).toThrow(CsvUnreadable);
    expect(() => parseCsv('email,name\n"never closed@example.com,Ann\n')).toThrow(
      /^The file could not be read as CSV/,
    );
  });
});
