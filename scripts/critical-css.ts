/**
 * Each stylesheet of the client build as a plan of its rules (beasties' compiler, ADR 029): which
 * rules a page's HTML needs is then a single pass over the page (beasties' runtime, no CSS parser
 * in the server). Written to `<build>/server/critical-css.json`, which the server reads at start,
 * with the copy of each stylesheet an island page fetches after its paint (`lateCopy`).
 *
 *   tsx scripts/critical-css.ts build
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CompactPlan, type CompiledSheet, compileSheet, encodePlan } from 'beasties/compiler';
import postcss from 'postcss';
import { LAID_OUT_ATTRIBUTE } from '../common/constants.ts';

const buildFolder = process.argv[2];
if (!buildFolder) {
  console.error('usage: tsx scripts/critical-css.ts <build folder>');
  process.exit(1);
}
const base = process.env.BASE_PATH ?? '/';
/** How a late copy's name ends (`app-<hash>.late.css`): named by the hash of the stylesheet it is made from. */
const LATE = '.late.css';
const assets = join(buildFolder, 'client', 'assets');

/**
 * beasties 0.5.4 ends a block at-rule with no rules inside (Tailwind's `@property --tw-...{...}`)
 * with a `;`, as it ends a statement (`@layer a, b;`). Between two rules the browser reads that `;`
 * as the start of the next rule's selector and drops the rule: every `@property` but the first was
 * lost, and with them the initial values borders and shadows read (e2e/critical-css.spec.ts).
 */
function withoutStraySemicolons(sheet: CompiledSheet): CompiledSheet {
  for (const rule of sheet.rules) if (rule.css?.endsWith('};')) rule.css = rule.css.slice(0, -1);
  return sheet;
}

/**
 * Rules every page gets, used or not:
 * - the dark theme's: the head script sets `.dark` on the document before the first paint, so no
 *   rendered page shows it;
 * - a selector that is one `:where(...)` (Tailwind's space-y-* and divide-*, the select's
 *   optgroups): beasties 0.5.4's runtime never matches one, and a list's gaps were missing. Those
 *   that open with a class are then given that class as their condition (`whereByClass`);
 * - the whole page laid out (`data-laid-out`, web/lib/laid-out.ts): the head script sets it before
 *   the first paint on a page opened at an anchor, so no rendered page has it. Without it the
 *   browser scrolled to the anchor past parts standing at their estimated height, and as the
 *   stylesheet came they took their own: a page opened at /#contact was left 121-205 px past it.
 */
const KEPT = [/\.dark\b/, /^:where\(/, new RegExp(`\\[${LAID_OUT_ATTRIBUTE}\\]`)];

/** A `:where(...)` selector's opening class (`space-y-4`, `sm\:divide-x`), as CSS escapes it. */
const WHERE_CLASS = /^:where\(\.((?:\\.|[\w-])+)/;

/**
 * Each kept `:where(.class ...)` selector (a list's gaps or dividers, 15 rules) is critical where its
 * class is on the page, as any rule of that class is: a page with no such list sends none of them
 * (about 200 bytes of a page's Brotli).
 */
function whereByClass(sheet: CompiledSheet): CompiledSheet {
  for (const rule of sheet.rules) {
    const { selectors, match } = rule;
    if (!selectors || !match) continue;
    rule.match = match.map((condition, index) => {
      const name = WHERE_CLASS.exec(selectors[index] ?? '')?.[1];
      return name ? { classes: [name.replace(/\\(.)/g, '$1')] } : condition;
    });
  }
  return sheet;
}

/**
 * The stylesheet an island page fetches once it has painted (with its code, or from a <noscript>):
 * the whole stylesheet without its @font-face rules, which the page's critical CSS carries for
 * every family its text names. The same faces declared a second time are new faces to the
 * browser: it dropped its fonts and laid the whole page out and shaped its text again, a task of
 * 50-110 ms on the home page with the CPU slowed four times, after the first paint.
 */
function lateCopy(css: string): string {
  const sheet = postcss.parse(css);
  sheet.walkAtRules('font-face', (rule) => {
    rule.remove();
  });
  return sheet.toString();
}

const names = readdirSync(assets).filter((name) => name.endsWith('.css') && !name.endsWith(LATE));
const plans: CompactPlan[] = [];
const late: Record<string, string> = {};
for (const name of names) {
  const css = readFileSync(join(assets, name), 'utf8');
  const href = `${base}assets/${name}`;
  plans.push(encodePlan(whereByClass(withoutStraySemicolons(compileSheet(css, { href, allowRules: KEPT })))));
  const copy = name.slice(0, -'.css'.length) + LATE;
  writeFileSync(join(assets, copy), lateCopy(css));
  late[href] = `${base}assets/${copy}`;
}
writeFileSync(join(buildFolder, 'server', 'critical-css.json'), JSON.stringify({ plans, late }));
console.log(`critical CSS: ${plans.length} stylesheet plans and their late copies`);
