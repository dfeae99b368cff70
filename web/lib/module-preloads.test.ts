import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads, lowPriorityModulePreloadsIn } from './module-preloads.ts';

describe('lowPriorityModulePreloads', () => {
  it('puts every module preload at low priority and leaves other links and the body alone', () => {
    const html =
      '<head><link rel="stylesheet" href="/a.css" data-precedence="default"/><link rel="modulepreload" href="/a.js"/>' +
      '<link rel="modulepreload" href="/b.js" crossorigin=""/><link rel="preload" as="image" href="/c.png"/></head>' +
      '<body><p>&lt;link rel="modulepreload"&gt; in text</p></body>';
    expect(lowPriorityModulePreloads(html)).toBe(
      '<head><link rel="stylesheet" href="/a.css" data-precedence="default"/><link rel="modulepreload" fetchpriority="low" href="/a.js"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/b.js" crossorigin=""/><link rel="preload" as="image" href="/c.png"/></head>' +
        '<body><p>&lt;link rel="modulepreload"&gt; in text</p></body>',
    );
  });

  it('keeps a priority that is already set', () => {
    const html = '<link rel="modulepreload" fetchpriority="high" href="/a.js"/>';
    expect(lowPriorityModulePreloads(html)).toBe(html);
  });

  it('rewrites a document given as bytes in its head only, keeping every other byte', () => {
    const body = '<body><p>Ünïcode ✓ <link rel="modulepreload" href="/in-body.js"/></p></body></html>';
    const document = Buffer.from(
      `<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js"/></head>${body}`,
    );
    expect(lowPriorityModulePreloadsIn(document).toString('utf8')).toBe(
      `<!DOCTYPE html><html><head><link rel="modulepreload" fetchpriority="low" href="/a.js"/></head>${body}`,
    );
  });
});
