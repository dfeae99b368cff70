/**
 * What the stylesheet may ask of the browser at every change of the page (issue 61): a rule whose
 * subject is <html> or <body> and which asks about their tree (`:has()`) is weighed again at any
 * change anywhere in the page, each island going live included: a style pass of a page's worth of
 * elements each time (25-31 ms on the home page before it went, unthrottled). Only where no
 * script runs, where nothing changes after the load.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss, { type AtRule, type Node, type Rule } from 'postcss';
import { describe, expect, it } from 'vitest';

const sheet = postcss.parse(readFileSync(join(import.meta.dirname, 'app.css'), 'utf8'));

/** Whether the rule sits in `@media (scripting: none)`. */
const withoutScripts = (rule: Rule) => {
  for (let parent: Node | undefined = rule.parent; parent; parent = parent.parent) {
    if (
      parent.type === 'atrule' &&
      (parent as AtRule).name === 'media' &&
      /scripting:\s*none/.test((parent as AtRule).params)
    )
      return true;
  }
  return false;
};

describe('the stylesheet', () => {
  it('asks no question of the whole page’s tree where scripts run', () => {
    const asking: string[] = [];
    sheet.walkRules((rule) => {
      for (const selector of rule.selectors) {
        if (/(^|[\s>~+(,])(html|body|:root)\b[^\s]*:has\(/.test(selector) && !withoutScripts(rule))
          asking.push(selector);
      }
    });
    expect(asking).toEqual([]);
  });

  it('lays the whole page out without scripts, and where the head script says so', () => {
    const laidOut: string[] = [];
    sheet.walkRules((rule) => {
      if (
        rule.nodes.some(
          (node) => node.type === 'decl' && node.prop === 'content-visibility' && node.value === 'visible',
        )
      )
        laidOut.push(`${withoutScripts(rule) ? 'no scripts: ' : ''}${rule.selector}`);
    });
    expect(laidOut).toEqual([
      'html[data-laid-out] :is(.later, .later-row)',
      'no scripts: :is(.later, .later-row)',
    ]);
  });
});
