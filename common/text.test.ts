import { describe, expect, it } from 'vitest';
import { markdownToPlainText, truncateText } from './plain-text.ts';
import { countWords, normalizeTags, readingTimeMinutes, shortenName, slugify } from './text.ts';

describe('slugify', () => {
  it('lowercases, drops punctuation and joins words with hyphens', () => {
    expect(slugify('Hello, World! A New Post')).toBe('hello-world-a-new-post');
  });
  it('keeps digits and existing hyphens, folds repeats and trims the ends', () => {
    expect(slugify('  Top 10 -- React   Tips  ')).toBe('top-10-react-tips');
  });
  it('turns accents into plain letters and underscores into hyphens', () => {
    expect(slugify('Café_au lait')).toBe('cafe-au-lait');
  });
  it('always matches the slug rule', () => {
    for (const title of ['Ünïcödé & Symbols ©', 'a_b_c', '---', 'What’s new?']) {
      expect(slugify(title)).toMatch(/^[a-z0-9-]*$/);
    }
  });
});

describe('reading time', () => {
  it('counts words separated by any whitespace', () => {
    expect(countWords('one  two\nthree\tfour')).toBe(4);
    expect(countWords('   ')).toBe(0);
  });
  it('is words / 200 rounded up, at least 1', () => {
    expect(readingTimeMinutes('')).toBe(1);
    expect(readingTimeMinutes('word '.repeat(200))).toBe(1);
    expect(readingTimeMinutes('word '.repeat(201))).toBe(2);
    expect(readingTimeMinutes('word '.repeat(1000))).toBe(5);
  });
});

describe('shortenName', () => {
  it('keeps the first name and the initial of the second', () => {
    expect(shortenName('Jane Doe')).toBe('Jane D.');
    expect(shortenName('  maria   del carmen ')).toBe('maria D.');
  });
  it('keeps a single name and handles an empty one', () => {
    expect(shortenName('Prince')).toBe('Prince');
    expect(shortenName('')).toBe('');
  });
});

describe('normalizeTags', () => {
  it('splits a comma string, trims and drops empties', () => {
    expect(normalizeTags(' react, ,node ,')).toEqual(['react', 'node']);
  });
  it('accepts a list and removes case-insensitive duplicates', () => {
    expect(normalizeTags(['React', 'react', ' SQL '])).toEqual(['React', 'SQL']);
  });
  it('gives an empty list for nothing', () => {
    expect(normalizeTags(undefined)).toEqual([]);
    expect(normalizeTags(null)).toEqual([]);
  });
});

describe('markdownToPlainText', () => {
  it('removes headings, emphasis, links, images, code and HTML', () => {
    const md =
      '# Title\n\nSome **bold** and _em_ text with a [link](https://x.y) and ![alt](/a.png).\n\n```ts\nconst x = 1;\n```\n<b>tag</b> `inline`';
    expect(markdownToPlainText(md)).toBe('Title Some bold and em text with a link and alt. tag inline');
  });
});

describe('truncateText', () => {
  it('leaves short text alone', () => {
    expect(truncateText('short', 160)).toBe('short');
  });
  it('cuts long text to the limit at a word boundary with an ellipsis', () => {
    const text = 'word '.repeat(100).trim();
    const cut = truncateText(text, 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
  });
});
