/**
 * Every public page's HTML, as the server sends it, through the Nu HTML Checker (the W3C's
 * validator, from the vnu-jar package, run on this machine's Java): 0 errors. The pages are the
 * sitemap's (every indexable page) and the public ones it leaves out: sign-in, a skill's
 * endorsement page, a filtered blog page and the not-found page.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

const run = promisify(execFile);
/** The checker itself: the jar the vnu-jar package carries (its Java downloader is never run). */
const vnu = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/**
 * What the checker's grammar has not caught up with (ADR 029), and nothing else:
 * - the CSS of an island page's critical rules in its head (the checker reads a <style> with the
 *   W3C CSS validator's grammar, which knows neither `@property` nor much of what Tailwind 4
 *   writes; the same rules in the stylesheet file were never checked);
 * - `blocking="render"` on `<link rel="expect">`, HTML's since 2023 (the checker allows it on a
 *   stylesheet only).
 */
function outdatedInTheChecker(message: VnuMessage): boolean {
  if (message.message.startsWith('CSS: ')) return true;
  return (
    message.message.includes('with a “blocking” attribute must have a “rel” attribute') &&
    (message.extract ?? '').includes('<link rel="expect"')
  );
}

test('every public page is valid HTML to the Nu checker', async ({ request, baseURL }) => {
  test.slow(); // Java's start and the checker's own schemas take a few seconds.
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
    (match[1] ?? '').replace(/^https?:\/\/[^/]+/, ''),
  );
  const skills = Object.values(
    (await (await request.get('/api/skills')).json()) as Record<string, Array<{ id: number }>>,
  ).flat();
  expect(skills.length).toBeGreaterThan(0);
  paths.push(
    '/auth',
    `/skills/${skills[0]?.id}/endorse`,
    '/blog?tag=TypeScript',
    '/this-page-does-not-exist',
  );
  expect(paths.length).toBeGreaterThan(15);

  const folder = mkdtempSync(join(tmpdir(), 'portfolio-vnu-'));
  const files = new Map<string, string>();
  for (const [index, path] of paths.entries()) {
    const response = await request.get(path);
    expect(response.status(), `${baseURL}${path}`).toBe(path === '/this-page-does-not-exist' ? 404 : 200);
    const file = join(folder, `page-${index}.html`);
    writeFileSync(file, await response.text());
    files.set(`file:${file}`, path);
  }

  const { stdout } = await run(
    'java',
    [
      '-Xss4m',
      '-jar',
      vnu,
      '--errors-only',
      '--format',
      'json',
      '--stdout',
      ...[...files.keys()].map((f) => f.slice(5)),
    ],
    { maxBuffer: 32 * 1024 * 1024 },
  ).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? '',
    stderr: error.stderr,
  }));
  const messages = (JSON.parse(stdout || '{"messages":[]}') as { messages: VnuMessage[] }).messages;
  const errors = messages
    .filter((message) => message.type === 'error' || message.subType === 'fatal')
    .filter((message) => !outdatedInTheChecker(message))
    .map(
      (message) =>
        `${files.get(message.url) ?? message.url}:${message.lastLine ?? '?'} ${message.message} ${message.extract ?? ''}`,
    );
  expect(errors).toEqual([]);
});
