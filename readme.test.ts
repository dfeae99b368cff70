/**
 * The README starts with how to start (issue 46, point 8): the two commands near the top, a short
 * opening before them, and a folder map of one line per folder.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(join(import.meta.dirname, 'README.md'), 'utf8');
const lines = readme.split('\n');
const section = (title: string) => {
  const start = readme.indexOf(`\n## ${title}\n`);
  expect(start, title).toBeGreaterThan(0);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
};

describe('the README', () => {
  it('gives the two commands within its first 40 lines', () => {
    for (const command of ['npm install && npm start', 'npm install && npm test']) {
      const line = lines.findIndex((text) => text.startsWith(command)) + 1;
      expect(line, command).toBeGreaterThan(0);
      expect(line, command).toBeLessThanOrEqual(40);
    }
  });

  it('opens with a short introduction, the state of the project in docs/features.md', () => {
    const opening = readme.slice(0, readme.indexOf('\n## '));
    const prose = opening.replace(/<[^>]+>/g, '').replace(/\]\([^)]*\)/g, ']');
    expect(prose.split(/\s+/).filter(Boolean).length).toBeLessThan(300);
    expect(opening).not.toMatch(/State of the project/);
    expect(opening).toContain('docs/features.md');
    expect(readFileSync(join(import.meta.dirname, 'docs/features.md'), 'utf8')).toMatch(/Pipeline board/);
  });

  it('maps the folders one line each', () => {
    const map = /```\n([\s\S]*?)```/.exec(section('Folders'))?.[1] ?? '';
    const entries = map.trimEnd().split('\n');
    expect(entries.length).toBeGreaterThan(10);
    for (const entry of entries) expect(entry, entry).toMatch(/^ *[\w.-]+\/ +\S/);
  });
});
